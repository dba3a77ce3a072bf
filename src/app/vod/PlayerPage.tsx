import { useQuery } from "@tanstack/react-query"
import { Link } from "@tanstack/react-router"
import { useEffect, useState } from "react"
import type { VodPlayback } from "../../api/VodApi.ts"
import { areaDataKey, fetchAreaData } from "../customer/area/areaApi.ts"
import { useSignedInCustomer } from "../customer/signIn/useSignedInCustomer.ts"
import type { LocaleCode } from "../i18n/locales.ts"
import { useT } from "../i18n/useI18n.ts"
import { thisDevice, vodUnsupported } from "./device.ts"
import { UnsupportedNotice } from "./UnsupportedNotice.tsx"
import { startPlayback } from "./vodClient.ts"
import { vodErrorText } from "./vodText.ts"
import "./vod.css"

type Props = { readonly purchaseId: string; readonly locale: LocaleCode }

/**
 * `/watch/play/{purchaseId}`: the owner's player. Each press of Play is one playback the server counts (it says
 * how many are left before the press), so nothing starts on its own when the page opens. The video element
 * reads the film from the address the playback answered (range requests, src/server/vod/streamRoute.ts); a
 * film that fails to load says so (spec §8 load error). Phones, tablets and Safari get the spec's unsupported
 * message instead of a player.
 */
export const PlayerPage = ({ purchaseId, locale }: Props) => {
  const t = useT()
  const unsupported = vodUnsupported(thisDevice())
  const [playback, setPlayback] = useState<VodPlayback | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [state, setState] = useState<"idle" | "playing" | "ended">("idle")
  // the title and its plays before any press, from the customer's area (the same query the area keeps)
  const customer = useSignedInCustomer()
  const area = useQuery({
    queryKey: areaDataKey(customer?.uuid ?? "", locale),
    queryFn: ({ signal }) => fetchAreaData(locale, signal),
    enabled: customer !== null,
  })
  const owned = area.data?.VODTickets.find((v) => v.id === purchaseId)
  const balance = playback !== null ? playback.playbackBalance : (owned?.playbackBalance ?? null)

  useEffect(() => {
    document.title = `${t("vod.player.title")} · ${t("app.brand")}`
  }, [t])

  const play = async () => {
    setBusy(true)
    setProblem(null)
    const answer = await startPlayback(purchaseId, locale).catch(() => ({ refused: "network" }))
    setBusy(false)
    if ("refused" in answer) setProblem(answer.refused)
    else setPlayback(answer)
  }

  return (
    <div className="vod-page" data-testid="player-page">
      <header className="vod-head">
        <h1 className="vod-title">{playback?.featureName ?? owned?.featureName ?? t("vod.player.title")}</h1>
        {playback !== null || owned !== undefined ? (
          <p className="vod-muted" data-testid="vod-balance">
            {balance === null
              ? t("vod.player.unlimited")
              : playback !== null
                ? t("vod.player.left", { n: balance })
                : t("vod.player.before", { n: balance })}
          </p>
        ) : null}
      </header>
      <UnsupportedNotice t={t} />
      {unsupported ? null : playback === null ? (
        <div className="vod-card">
          <p className="vod-muted">{t("vod.player.counted")}</p>
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() => void play()}
            data-testid="vod-play"
          >
            {t("vod.player.play")}
          </button>
        </div>
      ) : (
        // biome-ignore lint/a11y/useMediaCaption: the demo film is a silent countdown with nothing to caption
        <video
          className="vod-video"
          src={playback.videoUrl}
          controls
          autoPlay
          playsInline
          data-testid="vod-video"
          data-state={state}
          onPlaying={() => setState("playing")}
          onEnded={() => setState("ended")}
          onError={() => setProblem("vodLoadError")}
        />
      )}
      {problem !== null ? (
        <p className="vod-problem" role="alert" data-testid="vod-problem" data-code={problem}>
          {vodErrorText(problem, t)}
        </p>
      ) : null}
      <p className="vod-muted">
        <Link to="/customer" search={{ lang: locale }}>
          {t("vod.player.back")}
        </Link>
      </p>
    </div>
  )
}
