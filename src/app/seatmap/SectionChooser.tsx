import { useId } from "react"
import { formatCount } from "../i18n/format.ts"
import { type Translate, useLocale } from "../i18n/useI18n.ts"
import type { SectionItem } from "./seatRows.ts"
import { freeSeatsIn } from "./shownSection.ts"

type Props = {
  readonly sections: ReadonlyArray<SectionItem>
  readonly shown: number
  readonly t: Translate
  readonly onChoose: (sectionId: number) => void
}

/** The section the seat list shows, in a hall too large to list at once: each named with its free seats. */
export const SectionChooser = ({ sections, shown, t, onChoose }: Props) => {
  const locale = useLocale()
  const id = useId()
  return (
    <div className="field seat-list__sections">
      <label className="field__label" htmlFor={id}>
        {t("seatMapExtra.section")}
      </label>
      <select
        id={id}
        className="field__input"
        data-testid="seat-list-section"
        value={shown}
        onChange={(event) => onChoose(Number(event.target.value))}
      >
        {sections.map((section) => (
          <option key={section.id} value={section.id}>
            {t("seatMapExtra.sectionFree", {
              section: section.name,
              free: formatCount(freeSeatsIn(section), locale),
            })}
          </option>
        ))}
      </select>
    </div>
  )
}
