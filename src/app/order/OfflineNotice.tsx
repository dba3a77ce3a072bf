import type { Translate } from "../i18n/useI18n.ts"
import { useOnline } from "../lib/useOnline.ts"

/**
 * Every order screen says when the device has no signal, instead of a generic error or a button that silently
 * fails: what the buyer chose is in the cart log on this device, and the reconciler checks the holds and timers
 * with the server once the signal is back (issue 17). Nothing is sent meanwhile: no write waits for replay.
 */
export const OfflineNotice = ({ t }: { readonly t: Translate }) =>
  useOnline() ? null : (
    <p className="order__notice order__notice--offline" role="status" data-testid="order-offline">
      {t("order.offline")}
    </p>
  )
