import { useEffect, useRef, useState } from "react"
import { SMALL_HALL_SEATS } from "./seatMapContract.ts"
import type { SectionItem } from "./seatRows.ts"

/**
 * A hall of stadium size (the open-air amphitheatre's 22,820 seats) would put tens of thousands of buttons in the
 * accessible list at once: seconds to lay out on a phone, and a screen reader user lost in it. Above the size that
 * the map itself treats as large (`SMALL_HALL_SEATS`), the list shows one section at a time behind a section
 * chooser; a cinema hall (nearly all of them are far below it) keeps the whole list.
 */
export const listsOneSectionAtATime = (sections: ReadonlyArray<SectionItem>): boolean =>
  sections.length > 1 && seatsIn(sections) > SMALL_HALL_SEATS

const seatsIn = (sections: ReadonlyArray<SectionItem>): number =>
  sections.reduce((total, section) => total + section.rows.reduce((n, row) => n + row.seats.length, 0), 0)

const holdsMine = (section: SectionItem): boolean =>
  section.rows.some((row) => row.seats.some((item) => item.state === "mine" || item.state === "pending"))

/** Free seats of a section, for the chooser's label. */
export const freeSeatsIn = (section: SectionItem): number =>
  section.rows.reduce((n, row) => n + row.seats.filter((item) => item.state === "free").length, 0)

/** The section to show first: the one with the buyer's seats, else the first with a free seat, else the first. */
export const firstShownSection = (sections: ReadonlyArray<SectionItem>): number | undefined =>
  (sections.find(holdsMine) ?? sections.find((section) => freeSeatsIn(section) > 0) ?? sections[0])?.id

const mineKeys = (sections: ReadonlyArray<SectionItem>): ReadonlyMap<string, number> => {
  const keys = new Map<string, number>()
  for (const section of sections)
    for (const row of section.rows)
      for (const item of row.seats)
        if (item.state === "mine" || item.state === "pending") keys.set(item.key, section.id)
  return keys
}

/**
 * The section the list shows: the buyer's choice, and the section of a seat they have just taken (on the map, in
 * another section) so that the list shows what changed.
 */
export const useShownSection = (sections: ReadonlyArray<SectionItem>) => {
  const [chosen, setChosen] = useState<number | undefined>(undefined)
  const previous = useRef<ReadonlyMap<string, number>>(new Map())
  useEffect(() => {
    const now = mineKeys(sections)
    const added = [...now].find(([key]) => !previous.current.has(key))
    previous.current = now
    if (added !== undefined) setChosen(added[1])
  }, [sections])
  const shown =
    sections.find((section) => section.id === chosen)?.id ?? firstShownSection(sections) ?? sections[0]?.id
  return { shown, choose: setChosen } as const
}
