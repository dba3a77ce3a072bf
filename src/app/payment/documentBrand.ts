import type { Confirmation } from "../../api/ReservationsApi.ts"
import type { BrandCode } from "../../domain/shared/brands.ts"

/**
 * The venue brand an e-document names for its showing (issue 19), read from the document itself so that the
 * wallet's copy speaks the brand offline as the page does online (issue 17): offline the showing's detail, the
 * other source of the brand, is never asked. Null: the chain's own wording (or no showing); undefined: a copy
 * saved before documents carried it, whose brand is then asked from the presentation as before.
 */
export const brandOfDocument = (
  document: Pick<Confirmation, "presentation">,
): BrandCode | null | undefined =>
  document.presentation === null ? null : document.presentation.locationBrand
