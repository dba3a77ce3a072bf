import { useQuery, useQueryClient } from "@tanstack/react-query"
import { useEffect } from "react"
import type { LocaleCode } from "../i18n/locales.ts"
import { confirmationQueryOptions, voucherDocumentQueryOptions } from "../payment/queries.ts"
import { keepPurchase } from "./keepPurchase.ts"
import { browserStorage } from "./keepStorage.ts"
import { walletDb } from "./walletDb.ts"

type Props = {
  readonly identifier: string
  readonly documentKey: string
  readonly locale: LocaleCode
  /**
   * ask the server for the confirmation here: a page that does not show it (the enrolment's confirmation, which
   * shows the member's seats from its own call) and still has an e-document to keep
   */
  readonly load?: boolean
}

/**
 * Beside the confirmation (the route composes them): keeps what was just bought in the wallet the moment the
 * confirmation has it (keepPurchase.ts). Reads the confirmation through the same query, so beside the order's
 * confirmation page it costs no request (`load` asks for it where no page does); each voucher's page goes through
 * the query cache, so the voucher opened next shows the same answer. Draws nothing.
 */
export const KeptAtConfirmation = ({ identifier, documentKey, locale, load = false }: Props) => {
  const confirmation = useQuery({
    ...confirmationQueryOptions(identifier, documentKey, locale),
    enabled: load && documentKey !== "",
  })
  const queryClient = useQueryClient()
  const data = confirmation.data
  useEffect(() => {
    if (data === undefined) return
    void keepPurchase(
      walletDb(),
      { key: documentKey, lang: locale, confirmation: data },
      (key) => queryClient.fetchQuery(voucherDocumentQueryOptions(key, locale)),
      browserStorage(),
      () => Date.now(),
    ).catch(() => undefined)
  }, [data, documentKey, locale, queryClient])
  return null
}
