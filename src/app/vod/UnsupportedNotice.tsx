import type { Translate } from "../i18n/useI18n.ts"
import { thisDevice, vodUnsupported } from "./device.ts"

/** Spec §8: phones, tablets and Safari cannot play our videos; said before buying and instead of the player. */
export const UnsupportedNotice = ({ t }: { readonly t: Translate }) =>
  vodUnsupported(thisDevice()) ? (
    <p className="vod-problem" role="alert" data-testid="vod-unsupported">
      {t("vod.errors.unsupported")}
    </p>
  ) : null
