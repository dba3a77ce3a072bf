import { lazy, Suspense, useEffect, useState } from "react"
import { useT } from "../../i18n/useI18n.ts"
import { SignedInHeader } from "./SignedInHeader.tsx"
import { SignInForm } from "./SignInForm.tsx"
import { useSignedInCustomer } from "./useSignedInCustomer.ts"
import "./signIn.css"

// the area's screens are their own chunk: the buyers' first screen and the sign-in form never load them
const CustomerArea = lazy(() =>
  import("../area/CustomerArea.tsx").then((module) => ({ default: module.CustomerArea })),
)

/**
 * `/customer` (spec §2): signed out, the ways to sign in; signed in, the customer's header (name, sign-out), under
 * which the area's content goes (src/app/customer/area/CustomerArea.tsx, loaded lazily).
 */
export const CustomerPage = () => {
  const t = useT()
  const customer = useSignedInCustomer()
  const [signedOut, setSignedOut] = useState(false)

  useEffect(() => {
    document.title = `${t("customerSignIn.title")} · ${t("app.brand")}`
  }, [t])

  if (customer !== null)
    return (
      <div className="sign-in sign-in--area">
        <SignedInHeader customer={customer} onSignedOut={() => setSignedOut(true)} />
        <Suspense fallback={<p className="sign-in__muted">{t("customerArea.loading")}</p>}>
          <CustomerArea customer={customer} />
        </Suspense>
      </div>
    )

  return (
    <div className="sign-in" data-testid="sign-in-page">
      <header className="sign-in__head">
        <h1 className="sign-in__title">{t("customerSignIn.title")}</h1>
        <p className="sign-in__muted">{t("customerSignIn.intro")}</p>
      </header>
      {signedOut ? (
        <p className="sign-in__notice" role="status" data-testid="signed-out">
          {t("customerSignIn.signedOut")}
        </p>
      ) : null}
      <SignInForm />
    </div>
  )
}
