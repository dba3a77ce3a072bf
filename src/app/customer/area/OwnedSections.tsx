import { Link } from "@tanstack/react-router"
import type { AreaMember, AreaVodTicket } from "../../../api/CustomerAreaApi.ts"
import type { Translate } from "../../i18n/useI18n.ts"
import { renewAnchor } from "../../lib/renewAnchor.ts"
import { wallDate } from "./areaView.ts"

/**
 * Memberships (spec §4: not started, active, expired; renewal offered near the end) and video on demand (future,
 * available, expired; plays, last play, purchase). A membership sold online is renewed in the membership shop
 * (`/memberships`, where the signed-in customer's own members are offered); any other names the box office.
 */
export const MembershipList = ({
  members,
  t,
}: {
  readonly members: ReadonlyArray<AreaMember>
  readonly t: Translate
}) =>
  members.length === 0 ? (
    <p className="area-muted">{t("customerArea.membership.none")}</p>
  ) : (
    <div className="area-grid">
      {members.map((m) => (
        <article key={m.memberNumber} className="area-card" data-testid="membership" data-state={m.state}>
          <header className="area-card__head">
            <h3 className="area-card__title">{m.name}</h3>
            <span className={`area-badge area-badge--${m.state}`}>
              {t(`customerArea.membership.states.${m.state}`)}
            </span>
          </header>
          <p className="area-card__line">
            {m.className} · {t("customerArea.membership.number")}{" "}
            <bdi className="area-code">{m.memberNumber}</bdi>
          </p>
          <dl className="area-facts">
            <dt>{t("customerArea.membership.validity")}</dt>
            <dd>
              {wallDate(m.startDate)} – {wallDate(m.endDate)}
            </dd>
            {m.membershipTypeId === 2 ? (
              <>
                <dt>{t("customerArea.membership.entriesLeft")}</dt>
                <dd>{m.balance}</dd>
                <dt>{t("customerArea.membership.entriesUsed")}</dt>
                <dd>{m.usedBalance}</dd>
              </>
            ) : null}
            <dt>{t("customerArea.membership.points")}</dt>
            <dd>{m.pointsBalance}</dd>
          </dl>
          {m.renewalOffered ? (
            <div className="area-notice area-notice--action" data-testid="membership-renewal">
              <p>
                {t(
                  m.renewsOnline
                    ? "customerArea.membership.renewalOnline"
                    : "customerArea.membership.renewal",
                  {
                    date: wallDate(m.endDate),
                  },
                )}
              </p>
              {m.renewsOnline ? (
                // the membership shop lists the signed-in customer's own members to renew (issue 16's top-up)
                <Link
                  className="button button--primary"
                  to="/memberships"
                  search={(prev) => prev}
                  hash={renewAnchor(m.memberNumber)}
                  data-testid="membership-renew"
                >
                  {t("customerArea.membership.renew")}
                </Link>
              ) : null}
            </div>
          ) : null}
        </article>
      ))}
    </div>
  )

export const VodList = ({
  items,
  t,
}: {
  readonly items: ReadonlyArray<AreaVodTicket>
  readonly t: Translate
}) =>
  items.length === 0 ? (
    <p className="area-muted">{t("customerArea.vod.none")}</p>
  ) : (
    <div className="area-grid">
      {items.map((v) => (
        <article key={v.id} className="area-card" data-testid="vod" data-state={v.state}>
          <header className="area-card__head">
            <h3 className="area-card__title">{v.featureName}</h3>
            <span className={`area-badge area-badge--vod-${v.state}`}>
              {t(`customerArea.vod.states.${v.state}`)}
            </span>
          </header>
          <dl className="area-facts">
            <dt>{t("customerArea.vod.available")}</dt>
            <dd>
              {wallDate(v.availableFrom)} – {wallDate(v.availableUntil)}
            </dd>
            <dt>{t("customerArea.vod.plays")}</dt>
            <dd>{v.playbackCount}</dd>
            <dt>{t("customerArea.vod.playsLeft")}</dt>
            <dd>{v.playbackBalance === null ? t("customerArea.vod.unlimited") : v.playbackBalance}</dd>
            <dt>{t("customerArea.vod.lastPlayback")}</dt>
            <dd>{v.lastPlayback === null ? t("customerArea.vod.never") : wallDate(v.lastPlayback)}</dd>
            <dt>{t("customerArea.vod.purchased")}</dt>
            <dd>{wallDate(v.purchasedAt)}</dd>
          </dl>
          {v.state === "available" && v.playbackBalance !== 0 ? (
            <Link
              className="button button--primary"
              to="/watch/play/$purchaseId"
              params={{ purchaseId: v.id }}
              search={(prev) => prev}
              data-testid="vod-watch"
            >
              {t("vod.watchTitle")}
            </Link>
          ) : null}
        </article>
      ))}
    </div>
  )
