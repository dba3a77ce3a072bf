/**
 * Venue types 101–104 are video on demand (spec §4); every other type is a physical hall. Selecting a
 * presentation of type 101 or 102 always clears the other presentations from the cart.
 */
export const VOD_VENUE_TYPES = [101, 102, 103, 104] as const

export const isVodVenueType = (venueTypeId: number): boolean => venueTypeId >= 101 && venueTypeId <= 104
