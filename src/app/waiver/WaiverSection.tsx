import type { WaiverChild } from "../../domain/waiver/waiver.ts"
import type { MessageKey } from "../i18n/dictionaries.ts"
import type { Translate } from "../i18n/useI18n.ts"
import { SignaturePad } from "./SignaturePad.tsx"
import type { WaiverDraft } from "./waiverDraft.ts"
import "../styles/fields.css"
import "./waiver.css"

type Props = {
  readonly draft: WaiverDraft
  readonly onChange: (draft: WaiverDraft) => void
  /** the rule's verdict once the buyer tried to go on (src/domain/waiver/waiver.ts), else null */
  readonly problem: string | null
  readonly t: Translate
}

/**
 * The waiver view (spec §2 "Waiver view (add child, clear signature)", issue 19) on the customer step of a
 * showing that asks for one: the signer, the children (add, remove) and the signature.
 */
export const WaiverSection = ({ draft, onChange, problem, t }: Props) => {
  const setChild = (i: number, child: WaiverChild) =>
    onChange({ ...draft, children: draft.children.map((c, j) => (j === i ? child : c)) })
  const removeChild = (i: number) =>
    onChange({ ...draft, children: draft.children.filter((_, j) => j !== i) })
  const addChild = () => onChange({ ...draft, children: [...draft.children, { name: "", dateOfBirth: "" }] })

  return (
    <fieldset className="form-group waiver" data-testid="waiver">
      <legend className="form-group__title">{t("waiver.title")}</legend>
      <p className="waiver__help">{t("waiver.intro")}</p>
      <div className="field">
        <label className="field__label" htmlFor="waiver-signer">
          {t("waiver.signer")}
        </label>
        <input
          id="waiver-signer"
          className="field__input"
          autoComplete="name"
          value={draft.signerName}
          onChange={(e) => onChange({ ...draft, signerName: e.target.value })}
          data-testid="waiver-signer"
        />
      </div>
      <ol className="waiver__children">
        {draft.children.map((child, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a child row has no id; rows are added and removed whole
          <li className="waiver__child" key={i} data-testid="waiver-child">
            <span className="waiver__child-title">{t("waiver.child", { n: i + 1 })}</span>
            <div className="field">
              <label className="field__label" htmlFor={`waiver-child-${i}-name`}>
                {t("waiver.childName")}
              </label>
              <input
                id={`waiver-child-${i}-name`}
                className="field__input"
                value={child.name}
                onChange={(e) => setChild(i, { ...child, name: e.target.value })}
                data-testid="waiver-child-name"
              />
            </div>
            <div className="field">
              <label className="field__label" htmlFor={`waiver-child-${i}-birth`}>
                {t("waiver.childBirth")}
              </label>
              <input
                id={`waiver-child-${i}-birth`}
                className="field__input"
                type="date"
                value={child.dateOfBirth}
                onChange={(e) => setChild(i, { ...child, dateOfBirth: e.target.value })}
                data-testid="waiver-child-birth"
              />
            </div>
            <button
              type="button"
              className="button button--ghost waiver__remove"
              onClick={() => removeChild(i)}
              data-testid="waiver-remove-child"
            >
              {t("waiver.removeChild", { n: i + 1 })}
            </button>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="button button--ghost"
        onClick={addChild}
        data-testid="waiver-add-child"
      >
        {t("waiver.addChild")}
      </button>
      <span className="field__label">{t("waiver.signature")}</span>
      <SignaturePad
        value={draft.signaturePng}
        onChange={(signaturePng) => onChange({ ...draft, signaturePng })}
        typedName={draft.signerName}
        t={t}
      />
      {problem === null ? null : (
        <p className="field__error" role="alert" data-testid="waiver-problem">
          {t(`payment.errors.${problem}` as MessageKey)}
        </p>
      )}
    </fieldset>
  )
}
