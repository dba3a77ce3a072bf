import type { Translate } from "../../i18n/useI18n.ts"
import type { Refusal } from "./signInApi.ts"

/** A refusal in the reader's language (spec §8), with the way forward in its words; announced to screen readers. */
export const ProblemText = ({ refusal, t }: { readonly refusal: Refusal | null; readonly t: Translate }) => {
  if (refusal === null) return null
  const seconds = refusal.retryAfterSeconds ?? 30
  return (
    <p className="sign-in__problem" role="alert" data-testid="sign-in-problem" data-problem={refusal.problem}>
      {t(`customerSignIn.errors.${refusal.problem}`, {
        seconds,
        minutes: Math.max(1, Math.ceil(seconds / 60)),
      })}
    </p>
  )
}
