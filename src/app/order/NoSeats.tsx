import type { LocaleCode } from "../i18n/locales.ts"
import type { Translate } from "../i18n/useI18n.ts"
import { screenLink } from "./flow.ts"
import { ScreenLink } from "./StepFrame.tsx"

type Props = { readonly presentationId: number; readonly locale: LocaleCode; readonly t: Translate }

/** Seats held without a ticket and with no way to pick one: the screen sends the buyer back to the seats. */
export const NoSeats = ({ presentationId, locale, t }: Props) => (
  <div className="order__notice" data-testid="no-seats">
    <p>{t("orderSteps.tickets.noSeats")}</p>
    <ScreenLink className="button button--primary" link={screenLink(presentationId, "seats", locale)}>
      {t("orderSteps.tickets.chooseSeats")}
    </ScreenLink>
  </div>
)
