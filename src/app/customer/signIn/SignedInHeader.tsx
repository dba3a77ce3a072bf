import { useQuery, useQueryClient } from "@tanstack/react-query"
import { useEffect, useRef, useState } from "react"
import { useT } from "../../i18n/useI18n.ts"
import type { StoredCustomer } from "../customerSession.ts"
import { isolatedLtr } from "./isolatedLtr.ts"
import { fetchAreaCustomer } from "./signInApi.ts"
import { signOut } from "./signOut.ts"

/**
 * The top of the customer area once signed in: who it is and the way out, with a confirmation (signing out clears
 * the customer's data from the device). The area's content (src/app/customer/area/CustomerArea.tsx) goes beneath.
 */
export const SignedInHeader = ({
  customer,
  onSignedOut,
}: {
  readonly customer: StoredCustomer
  readonly onSignedOut?: () => void
}) => {
  const t = useT()
  const queryClient = useQueryClient()
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const name = [customer.firstName, customer.lastName ?? ""].join(" ").trim() || customer.mobileNumber
  // the server's view of the session: the masked ID number, and whether the session still lives
  const current = useQuery({
    queryKey: ["customer", "areaCustomer", customer.uuid],
    queryFn: ({ signal }) => fetchAreaCustomer(signal),
    staleTime: 60_000,
  })
  const dead = current.data === null
  const forgetting = useRef(false)

  useEffect(() => {
    // ended on the server (expired, signed out elsewhere): this device forgets it as a sign-out would, once
    if (!dead || forgetting.current) return
    forgetting.current = true
    void signOut(queryClient).then(() => onSignedOut?.())
  }, [dead, queryClient, onSignedOut])

  const confirm = async () => {
    setBusy(true)
    try {
      await signOut(queryClient)
      onSignedOut?.()
    } finally {
      setBusy(false)
      setConfirming(false)
    }
  }

  return (
    <header className="signed-in" data-testid="signed-in-header">
      <div className="signed-in__who">
        <h1 className="sign-in__title" data-testid="signed-in-name">
          {t("customerSignIn.signedInAs", { name })}
        </h1>
        <p className="sign-in__muted">
          {t("customerSignIn.signedInDetails", { mobile: isolatedLtr(customer.mobileNumber) })}
        </p>
        {current.data?.MaskedSsn ? (
          <p className="sign-in__muted" data-testid="signed-in-ssn">
            {t("customerSignIn.maskedSsn", { ssn: isolatedLtr(current.data.MaskedSsn) })}
          </p>
        ) : null}
      </div>
      {confirming ? (
        <div className="signed-in__confirm" role="alertdialog" aria-labelledby="sign-out-question">
          <p id="sign-out-question">{t("customerSignIn.signOutConfirm")}</p>
          <div className="signed-in__actions">
            <button
              type="button"
              className="button button--primary"
              onClick={() => void confirm()}
              disabled={busy}
              data-testid="sign-out-confirm"
            >
              {t("customerSignIn.signOutYes")}
            </button>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => setConfirming(false)}
              disabled={busy}
            >
              {t("customerSignIn.signOutNo")}
            </button>
          </div>
        </div>
      ) : (
        <button
          type="button"
          className="button button--ghost"
          onClick={() => setConfirming(true)}
          data-testid="sign-out"
        >
          {t("customerSignIn.signOut")}
        </button>
      )}
    </header>
  )
}
