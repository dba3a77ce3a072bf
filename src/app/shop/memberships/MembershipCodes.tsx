import { useState } from "react"
import type { MembershipCatalogue } from "../../../api/MembershipsApi.ts"
import type { MembershipReference } from "../../../domain/cart/facts.ts"
import type { CartMembership } from "../../../domain/cart/state.ts"
import type { Translate } from "../../i18n/useI18n.ts"
import { CodeField, CodeForm } from "./CodeField.tsx"
import { addReference, type ChoiceRefusal, type MembershipChoice, priceByCode } from "./membershipChoice.ts"

type Props = {
  readonly catalogue: MembershipCatalogue
  readonly chosen: CartMembership | undefined
  readonly busy: boolean
  readonly onChoose: (choice: MembershipChoice) => void
  readonly onReferences: (line: CartMembership, references: ReadonlyArray<MembershipReference>) => void
  readonly t: Translate
}

/**
 * Codes on chooseMemberships (spec §3 prices' PriceCode and references, §8): a price code chooses the price it
 * names ("price not found", "code already entered"); the chosen membership's references (reference1 required,
 * reference2 optional), each entered once and no more than memberships chosen.
 */
export const MembershipCodes = ({ catalogue, chosen, busy, onChoose, onReferences, t }: Props) => {
  const [code, setCode] = useState("")
  const [reference1, setReference1] = useState("")
  const [reference2, setReference2] = useState("")
  const [problem, setProblem] = useState<ChoiceRefusal | null>(null)
  return (
    <div className="membership-codes" data-testid="membership-codes">
      <CodeForm
        busy={busy}
        onSubmit={() => {
          // an Enter remembered while busy, in a field emptied since: as the disabled button, nothing
          if (code.trim() === "") return
          const found = priceByCode(catalogue, code, chosen)
          if ("refused" in found) return setProblem(found.refused)
          setProblem(null)
          setCode("")
          onChoose(found.choice)
        }}
      >
        <CodeField
          label={t("memberships.choose.codeLabel")}
          value={code}
          onChange={setCode}
          testId="membership-code"
        />
        <button type="submit" className="button" disabled={busy || code.trim() === ""}>
          {t("memberships.choose.apply")}
        </button>
      </CodeForm>
      {chosen === undefined || chosen.isTopup ? null : (
        <CodeForm
          busy={busy}
          onSubmit={() => {
            if (reference1.trim() === "") return
            const added = addReference(chosen, reference1, reference2)
            if ("refused" in added) return setProblem(added.refused)
            setProblem(null)
            setReference1("")
            setReference2("")
            onReferences(chosen, added.references)
          }}
        >
          <CodeField
            label={t("memberships.choose.reference1")}
            value={reference1}
            onChange={setReference1}
            testId="membership-reference"
          />
          <CodeField label={t("memberships.choose.reference2")} value={reference2} onChange={setReference2} />
          <button type="submit" className="button" disabled={busy || reference1.trim() === ""}>
            {t("memberships.choose.addReference")}
          </button>
        </CodeForm>
      )}
      {problem === null ? null : (
        <p className="shop-item__problem" role="alert" data-testid="membership-code-problem">
          {t(`memberships.errors.${problem}`)}
        </p>
      )}
      {chosen === undefined || chosen.references.length === 0 ? null : (
        <ul className="membership-references" data-testid="membership-references">
          {chosen.references.map((reference) => (
            <li key={reference.reference1} className="shop-item__row">
              <bdi dir="ltr">
                {reference.reference1}
                {reference.reference2 === null ? "" : ` / ${reference.reference2}`}
              </bdi>
              <button
                type="button"
                className="button"
                disabled={busy}
                onClick={() =>
                  onReferences(
                    chosen,
                    chosen.references.filter((r) => r.reference1 !== reference.reference1),
                  )
                }
              >
                {t("memberships.choose.removeReference")}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
