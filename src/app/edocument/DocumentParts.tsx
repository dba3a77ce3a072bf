import { Link } from "@tanstack/react-router"
import type { LocaleCode } from "../i18n/locales.ts"
import type { Translate } from "../i18n/useI18n.ts"

/** A QR code on the e-document's white card, sized to be scanned off a phone held up. */
export const PassQr = ({
  src,
  alt,
  testId,
}: {
  readonly src: string
  readonly alt: string
  readonly testId: string
}) => <img className="eticket__qr" src={src} alt={alt} width={240} height={240} data-testid={testId} />

/** An e-document that cannot be shown (unknown key, or no signal and no saved copy), and the way back. */
export const DocumentProblem = ({
  title,
  text,
  locale,
  t,
}: {
  readonly title: string
  readonly text: string
  readonly locale: LocaleCode
  readonly t: Translate
}) => (
  <div className="order">
    <h1 className="order__title">{title}</h1>
    <p className="order__notice order__notice--problem" role="alert" data-testid="edocument-problem">
      {text}
    </p>
    <p>
      <Link to="/" search={{ lang: locale }} className="button button--primary">
        {t("payment.actions.whatsOn")}
      </Link>
    </p>
  </div>
)
