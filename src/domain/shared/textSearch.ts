/**
 * Typo-tolerant matching for the public search (issue 19): one rule for the server, which matches film titles in
 * Hebrew, English and Russian at once, and the browser, which matches the showings and cinemas it already holds.
 * A query matches a text when every word of the query is the start of some word of the text, allowing a few
 * edits: none for words of one to three letters (too many short words are a typo apart), one up to six, two
 * beyond. Lower scores are better matches; `undefined` is no match.
 */

/** Fewer letters than this and nothing is searched: one letter matches half the catalogue. */
export const MIN_QUERY_LENGTH = 2

// Hebrew final forms are the same letter (ךםןףץ → כמנפצ); ё is written е as often as not.
const FOLDED: Readonly<Record<string, string>> = { ך: "כ", ם: "מ", ן: "נ", ף: "פ", ץ: "צ", ё: "е" }

/**
 * Lower case, no accents or Hebrew points (both are combining marks after NFKD), final letters folded,
 * apostrophes and gershayim dropped (`Be'er` is `Beer`, `צ'יפס` is `ציפס`), other punctuation a word break.
 */
export const normalizeForSearch = (text: string): string =>
  text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/['’`׳״"]/g, "")
    .replace(/[ךםןףץё]/g, (letter) => FOLDED[letter] ?? letter)
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()

const words = (text: string): ReadonlyArray<string> => {
  const normal = normalizeForSearch(text)
  return normal === "" ? [] : normal.split(" ")
}

/** Edits a query word of this length may be away from the word it means. */
const allowedEdits = (length: number): number => (length <= 3 ? 0 : length <= 6 ? 1 : 2)

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours. */
export const editDistance = (a: string, b: string): number => {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  )
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      const row = rows[i] as number[]
      const previous = rows[i - 1] as number[]
      let best = Math.min(
        (previous[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      )
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, ((rows[i - 2] as number[])[j - 2] as number) + 1)
      row[j] = best
    }
  }
  return (rows[a.length] as number[])[b.length] as number
}

/**
 * How far a query word is from a text word: 0 when the text word starts with it, else the edits to the whole
 * word or to its beginning (someone still typing "Grandm" with a typo), when within what the length allows.
 */
const wordScore = (query: string, word: string): number | undefined => {
  if (word.startsWith(query)) return query.length === word.length ? 0 : 0.25
  const allowed = allowedEdits(query.length)
  if (allowed === 0) return undefined
  const edits = Math.min(
    editDistance(query, word),
    editDistance(query, word.slice(0, query.length)) + 0.5,
    editDistance(query, word.slice(0, query.length + 1)) + 0.5,
  )
  return edits <= allowed ? edits : undefined
}

/** The best score of `query` against any of `texts` (a title in each language), or undefined. */
export const searchScore = (query: string, texts: ReadonlyArray<string>): number | undefined => {
  const queryWords = words(query)
  if (queryWords.join("").length < MIN_QUERY_LENGTH) return undefined
  let best: number | undefined
  for (const text of texts) {
    const textWords = words(text)
    let total = 0
    for (const queryWord of queryWords) {
      let wordBest: number | undefined
      for (const word of textWords) {
        const score = wordScore(queryWord, word)
        if (score !== undefined && (wordBest === undefined || score < wordBest)) wordBest = score
      }
      if (wordBest === undefined) {
        total = Number.POSITIVE_INFINITY
        break
      }
      total += wordBest
    }
    if (Number.isFinite(total) && (best === undefined || total < best)) best = total
  }
  return best
}

/** The items that match, best first (ties keep their order), each scored on the texts `textsOf` gives. */
export const searchItems = <A>(
  query: string,
  items: ReadonlyArray<A>,
  textsOf: (item: A) => ReadonlyArray<string>,
): ReadonlyArray<A> =>
  items
    .map((item, index) => ({ item, index, score: searchScore(query, textsOf(item)) }))
    .filter((each): each is { item: A; index: number; score: number } => each.score !== undefined)
    .sort((a, b) => a.score - b.score || a.index - b.index)
    .map((each) => each.item)
