// The films' categories, in three languages; CATEGORY names their ids for the films and posters.
import { type Text, localText as t } from "./localText.ts"

export interface FeatureCategoryRow {
  readonly id: number
  readonly name: Text
}

export const CATEGORY = {
  drama: 1,
  comedy: 2,
  animation: 3,
  action: 4,
  documentary: 5,
  kids: 6,
  thriller: 7,
  romance: 8,
} as const

export const featureCategories: ReadonlyArray<FeatureCategoryRow> = [
  { id: CATEGORY.drama, name: t("דרמה", "Drama", "Драма") },
  { id: CATEGORY.comedy, name: t("קומדיה", "Comedy", "Комедия") },
  { id: CATEGORY.animation, name: t("אנימציה", "Animation", "Мультфильм") },
  { id: CATEGORY.action, name: t("אקשן", "Action", "Боевик") },
  { id: CATEGORY.documentary, name: t("תיעודי", "Documentary", "Документальный") },
  { id: CATEGORY.kids, name: t("ילדים", "Kids", "Детский") },
  { id: CATEGORY.thriller, name: t("מתח", "Thriller", "Триллер") },
  { id: CATEGORY.romance, name: t("רומנטי", "Romance", "Мелодрама") },
]
