import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { LocaleCode } from "./shared.ts"

/** Param 665: seconds allowed on each order step before the seat holds lapse. */
export const StepTimers = Schema.Struct({
  chooseSeatsInSeconds: Schema.Int,
  chooseTicketsInSeconds: Schema.Int,
  customerInfoInSeconds: Schema.Int,
  chooseProductsInSeconds: Schema.Int,
})
export type StepTimers = typeof StepTimers.Type

export const Currency = Schema.Struct({
  CurrencyCode: Schema.String,
  symbol: Schema.String,
  decimals: Schema.Int,
  isDefault: Schema.Boolean,
})

/** Numbered site parameters, keyed by their number as the spec names them. */
export const SiteParams = Schema.Struct({
  /** loyalty login by member number */
  "64": Schema.Boolean,
  /** invoice details option at checkout */
  "66": Schema.Boolean,
  /** step timers */
  "665": StepTimers,
  /** show the QR code on confirmation and e-documents */
  "670": Schema.Boolean,
})

const FieldRule = Schema.Struct({ isRequired: Schema.Boolean, isIncluded: Schema.Boolean })

/** Spec §3 "Customer-info form config": per order type, each field included or not, required or not. */
export const CustomerFormConfig = Schema.Struct({
  fields: Schema.Struct({
    firstName: FieldRule,
    lastName: FieldRule,
    email: FieldRule,
    address1: FieldRule,
    address2: FieldRule,
    city: FieldRule,
    postalCode: FieldRule,
    dateOfBirth: FieldRule,
    mobileNumber: FieldRule,
    location: FieldRule,
    ssn: FieldRule,
  }),
  additionalTerms: Schema.Array(
    Schema.Struct({ code: Schema.String, isRequired: Schema.Boolean, isIncluded: Schema.Boolean }),
  ),
})

export const SiteConfig = Schema.Struct({
  params: SiteParams,
  timerMode: Schema.Literals(["perStep", "global"]),
  currencies: Schema.Array(Currency),
  customSeatAttributes: Schema.Array(Schema.Struct({ id: Schema.Int, name: Schema.String })),
  locales: Schema.Struct({
    enabled: Schema.Array(LocaleCode),
    default: LocaleCode,
    storeDefault: LocaleCode,
    fallback: LocaleCode,
  }),
  timeZone: Schema.String,
  country: Schema.String,
  flags: Schema.Struct({
    termsRequired: Schema.Boolean,
    termsConfirmedByDefault: Schema.Boolean,
    mobileVerification: Schema.Boolean,
    emailVerification: Schema.Boolean,
    saveCard: Schema.Boolean,
    mailingDefault: Schema.Boolean,
  }),
  serverTime: Schema.String,
  /** the customer-info form per order type */
  customerInfoForms: Schema.Struct({
    order: CustomerFormConfig,
    vod: CustomerFormConfig,
    membership: CustomerFormConfig,
    donation: CustomerFormConfig,
    voucher: CustomerFormConfig,
  }),
})
export type SiteConfig = typeof SiteConfig.Type

export class ConfigApi extends HttpApiGroup.make("config").add(
  HttpApiEndpoint.get("get", "/config", { success: SiteConfig }),
) {}
