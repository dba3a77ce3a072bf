import { useLocation } from "@tanstack/react-router"
import { useEffect, useRef, useState } from "react"
import type { MemberTopup } from "../../../api/MembershipsApi.ts"
import type { CartMembership } from "../../../domain/cart/state.ts"
import { formatDate, formatMoney } from "../../i18n/format.ts"
import type { LocaleCode } from "../../i18n/locales.ts"
import type { Translate } from "../../i18n/useI18n.ts"
import { renewAnchor } from "../../lib/renewAnchor.ts"
import { CodeField, CodeForm } from "./CodeField.tsx"
import { type MembershipChoice, memberByNumber } from "./membershipChoice.ts"

type Props = {
  readonly topups: ReadonlyArray<MemberTopup>
  readonly chosen: CartMembership | undefined
  readonly chosenMember: string | null
  readonly busy: boolean
  readonly onChoose: (choice: MembershipChoice) => void
  readonly locale: LocaleCode
  readonly t: Translate
}

const day = (iso: string) => {
  const [year = 0, month = 0, date = 0] = iso.split("-").map(Number)
  return formatDate({ year, month, day: date })
}

/**
 * The signed-in buyer's own members (spec §3 "topups per member number", §4 membership states): each with its
 * state, last day and entries left, and its prices to top it up; one near its end says renewal is offered. A
 * member number typed here finds the member among the buyer's own, else spec §8 "member not found".
 */
export const MembershipTopups = ({ topups, chosen, chosenMember, busy, onChoose, locale, t }: Props) => {
  const [number, setNumber] = useState("")
  const [notFound, setNotFound] = useState(false)
  const [shown, setShown] = useState<string | null>(null)
  const visible = topups.filter((member) => shown === null || member.memberNumber === shown)
  const hash = useLocation({ select: (location) => location.hash })
  const list = useRef<HTMLUListElement>(null)
  // Arriving from the area's "Renew" (#renew-<member>): the member is brought into view once listed, and its
  // first price gets the focus, so the buyer does not have to find their member among the shop's memberships.
  // The router's own hash scrolling runs before the catalogue has loaded, when the member is not there yet.
  useEffect(() => {
    const item = hash === "" ? null : list.current?.querySelector<HTMLElement>(`[id="${CSS.escape(hash)}"]`)
    if (item === null || item === undefined) return
    item.scrollIntoView({ block: "center" })
    item.querySelector<HTMLInputElement>("input")?.focus({ preventScroll: true })
  }, [hash])
  return (
    <section
      className="membership-topups"
      aria-labelledby="membership-topups-title"
      data-testid="membership-topups"
    >
      <h2 id="membership-topups-title" className="order-step__title">
        {t("memberships.topups.title")}
      </h2>
      <p className="order__facts">{t("memberships.topups.intro")}</p>
      <CodeForm
        onSubmit={() => {
          const member = memberByNumber(topups, number)
          setNotFound(member === undefined)
          setShown(member?.memberNumber ?? null)
        }}
      >
        <CodeField
          label={t("memberships.topups.numberLabel")}
          value={number}
          onChange={setNumber}
          testId="topup-number"
          numeric
        />
        <button type="submit" className="button">
          {t("memberships.topups.find")}
        </button>
      </CodeForm>
      {notFound ? (
        <p className="shop-item__problem" role="alert" data-testid="topup-problem">
          {t("memberships.errors.memberNotFound")}
        </p>
      ) : null}
      <ul className="shop-items" ref={list}>
        {visible.map((member) => (
          <li
            key={member.memberNumber}
            id={renewAnchor(member.memberNumber)}
            className="shop-item"
            data-testid="topup-member"
          >
            <p className="shop-item__name">{member.Name}</p>
            <p className="shop-item__note">
              {t("memberships.topups.number")} <bdi dir="ltr">{member.memberNumber}</bdi>
              {" · "}
              {t(`memberships.topups.state.${member.state}`)}
              {" · "}
              {t("memberships.topups.until", { date: day(member.endDate) })}
              {member.balance === null
                ? null
                : ` · ${t("memberships.topups.balance", { n: member.balance })}`}
            </p>
            {member.renewalOffered ? (
              <p className="shop-item__note membership-seat-badge" data-testid="renewal-offered">
                {t("memberships.topups.renewalOffered")}
              </p>
            ) : null}
            {member.prices.map((price) => (
              <label key={price.MembershipPriceId} className="shop-item__row membership-price">
                <span>
                  <input
                    type="radio"
                    name="membership-price"
                    data-testid="topup-price"
                    checked={
                      chosen?.isTopup === true &&
                      chosen.membershipPriceId === price.MembershipPriceId &&
                      chosenMember === member.memberNumber
                    }
                    disabled={busy}
                    onChange={() =>
                      onChoose({
                        membership: {
                          MembershipId: member.MembershipId,
                          MembershipTypeId: 0,
                          hasSeat: false,
                        },
                        price,
                        topupMemberNumber: member.memberNumber,
                      })
                    }
                  />{" "}
                  {member.renewalOffered ? t("memberships.topups.renew") : t("memberships.topups.topup")}
                  {" · "}
                  {price.Name}
                </span>
                <span className="shop-item__amount">{formatMoney(price.Price, locale)}</span>
              </label>
            ))}
          </li>
        ))}
      </ul>
    </section>
  )
}
