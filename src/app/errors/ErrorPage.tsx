import { useQueryErrorResetBoundary } from "@tanstack/react-query"
import { type ErrorComponentProps, useRouter } from "@tanstack/react-router"
import { useEffect, useState } from "react"
import { useT } from "../i18n/useI18n.ts"
import { DefaultLayout } from "../layout/DefaultLayout.tsx"
import { reloadForChunkError } from "../lib/chunkReload.ts"
import "./errors.css"

/**
 * "Error Occurred" (spec §8), or a reload when a chunk vanished after a deploy. This is the content only, for
 * errors inside a layout's outlet; `ErrorPage` adds the frame for errors above every layout.
 */
export const ErrorMessage = ({ error, reset }: ErrorComponentProps) => {
  const t = useT()
  const router = useRouter()
  const queryReset = useQueryErrorResetBoundary()
  const [reloading] = useState(() => reloadForChunkError(error))

  useEffect(() => {
    queryReset.reset()
  }, [queryReset])

  if (reloading) return null
  const retry = () => {
    reset()
    void router.invalidate()
  }
  return (
    <section className="dead-end" aria-labelledby="dead-end-title">
      <h1 id="dead-end-title" className="dead-end__title">
        {t("errors.occurred")}
      </h1>
      <button type="button" className="button button--primary" onClick={retry}>
        {t("errors.retry")}
      </button>
    </section>
  )
}

export const ErrorPage = (props: ErrorComponentProps) => (
  <DefaultLayout>
    <ErrorMessage {...props} />
  </DefaultLayout>
)
