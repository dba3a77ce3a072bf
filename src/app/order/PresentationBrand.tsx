import { queryOptions, useQuery } from "@tanstack/react-query"
import type { ReactNode } from "react"
import type { PresentationDetail } from "../../api/PresentationEntities.ts"
import type { BrandCode } from "../../domain/shared/brands.ts"
import { ensureBrandTexts } from "../i18n/dictionaries.ts"
import type { LocaleCode } from "../i18n/locales.ts"
import { BrandContext } from "../i18n/useI18n.ts"
import { presentationDetailQueryOptions } from "./queries.ts"

/** The venue brand of the presentation's location (issue 19); none: the chain's own wording. */
export const brandOfPresentation = (detail: PresentationDetail): BrandCode | null =>
  detail.presentation.locationBrand ?? null

/**
 * A brand's texts, loaded once a session. Through the query cache so that a loader can have them in before the
 * first paint (loadSeatSelection) and a screen re-renders, branded, the moment they arrive.
 */
export const brandTextsQueryOptions = (brand: BrandCode) =>
  queryOptions({
    queryKey: ["brandTexts", brand],
    queryFn: () => ensureBrandTexts(brand).then(() => brand),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  })

/**
 * The one way a screen of an order learns its wording's brand (issue 19): from the presentation's location, the
 * presentation read through its (persisted) detail query, unless the screen already knows it (`known`: an
 * e-document names its showing's brand, so the wallet's copy speaks it offline, where that query is not asked:
 * issue 17). Null until the brand's texts are in, so no screen shows a brand whose words it cannot yet say; null
 * for no presentation (an order without a showing).
 */
export const usePresentationBrand = (
  presentationId: number | null | undefined,
  locale: LocaleCode,
  known?: BrandCode | null,
): BrandCode | null => {
  const id = presentationId ?? 0
  const asked = useQuery({
    ...presentationDetailQueryOptions(id, locale),
    enabled: id > 0 && known === undefined,
    select: brandOfPresentation,
  }).data
  const brand = (known === undefined ? asked : known) ?? null
  // without a brand the texts' query is off: the code it is keyed by then names nothing asked
  const texts = useQuery({ ...brandTextsQueryOptions(brand ?? "lounge"), enabled: brand !== null })
  return brand !== null && texts.data === brand ? brand : null
}

type Props = {
  readonly presentationId: number | null | undefined
  /** the brand, where the screen's own data names it (an e-document's showing); undefined: ask the presentation */
  readonly brand?: BrandCode | null | undefined
  readonly locale: LocaleCode
  readonly children: ReactNode
}

/** Every screen below speaks the presentation's brand: the order steps, pay, its return, confirmation, e-ticket. */
export const PresentationBrand = ({ presentationId, brand, locale, children }: Props) => (
  <BrandContext.Provider value={usePresentationBrand(presentationId, locale, brand)}>
    {children}
  </BrandContext.Provider>
)
