import { createHash, scryptSync } from "node:crypto"
import type { Temporal } from "@js-temporal/polyfill"
import { hashSync } from "@node-rs/argon2"
import { withCheckDigit } from "../../../domain/order/israeliId.ts"
import type { Row } from "./commerce.ts"
import { MEMBERSHIP } from "./offers.ts"
import type { Random } from "./random.ts"
import { toInstant } from "./schedule.ts"

/** Every seeded staff user logs in with this password (demo data only). */
export const DEMO_STAFF_PASSWORD = "marquee-demo"

// [local spelling, Latin transliteration for the e-mail address]
const hebrewFirst: ReadonlyArray<readonly [string, string]> = [
  ["נועה", "noa"],
  ["יוסף", "yosef"],
  ["מאיה", "maya"],
  ["דוד", "david"],
  ["תמר", "tamar"],
  ["אורי", "ori"],
  ["שירה", "shira"],
  ["איתי", "itai"],
  ["יעל", "yael"],
  ["אריאל", "ariel"],
  ["רחל", "rachel"],
  ["עומר", "omer"],
  ["מיכל", "michal"],
  ["אבי", "avi"],
  ["ליה", "lia"],
  ["נדב", "nadav"],
  ["הילה", "hila"],
  ["משה", "moshe"],
  ["רונית", "ronit"],
  ["גיל", "gil"],
  ["סמיר", "samir"],
  ["ראניה", "rania"],
  ["עדי", "adi"],
  ["יונתן", "yonatan"],
]
const hebrewLast: ReadonlyArray<readonly [string, string]> = [
  ["כהן", "cohen"],
  ["לוי", "levi"],
  ["מזרחי", "mizrahi"],
  ["פרץ", "peretz"],
  ["ביטון", "biton"],
  ["דהן", "dahan"],
  ["אברהם", "avraham"],
  ["פרידמן", "friedman"],
  ["אזולאי", "azoulay"],
  ["שפירא", "shapira"],
  ["גבאי", "gabay"],
  ["חדד", "hadad"],
  ["בן דוד", "bendavid"],
  ["קליין", "klein"],
  ["חורי", "khoury"],
  ["סעדה", "saada"],
  ["רוזנברג", "rosenberg"],
  ["אוחיון", "ohayon"],
]
const russianFirst: ReadonlyArray<readonly [string, string]> = [
  ["Анна", "anna"],
  ["Дмитрий", "dmitry"],
  ["Елена", "elena"],
  ["Сергей", "sergey"],
  ["Ольга", "olga"],
  ["Михаил", "mikhail"],
  ["Наталья", "natalia"],
  ["Игорь", "igor"],
]
const russianLast: ReadonlyArray<readonly [string, string]> = [
  ["Иванова", "ivanova"],
  ["Кузнецов", "kuznetsov"],
  ["Смирнова", "smirnova"],
  ["Попов", "popov"],
  ["Соколова", "sokolova"],
  ["Лебедев", "lebedev"],
  ["Гринберг", "grinberg"],
]
const cities = [
  "תל אביב-יפו",
  "ירושלים",
  "חיפה",
  "באר שבע",
  "ראשון לציון",
  "חולון",
  "רמת גן",
  "נתניה",
  "אשדוד",
]
const mailDomains = ["example.co.il", "example.com", "mail.example.net"]

/** Unique valid Israeli ID numbers: distinct eight-digit bodies, each completed with its check digit. */
const makeIdNumbers = (count: number, random: Random): ReadonlyArray<string> => {
  const seen = new Set<number>()
  const ids: Array<string> = []
  while (ids.length < count) {
    const body = random.int(1_000_000, 39_999_999)
    if (seen.has(body)) continue
    seen.add(body)
    ids.push(withCheckDigit(String(body).padStart(8, "0")))
  }
  return ids
}

export interface People {
  readonly customers: ReadonlyArray<Row & { readonly id: number }>
  readonly members: ReadonlyArray<Row>
  readonly staffUsers: ReadonlyArray<Row>
}

export const makePeople = (options: {
  readonly today: Temporal.PlainDate
  readonly scale: number
  readonly locationIds: ReadonlyArray<number>
  readonly random: Random
}): People => {
  const { today, random } = options
  const count = 1500 * Math.max(1, options.scale)
  const ssns = makeIdNumbers(count, random.fork("ssn"))
  const customers = ssns.map((ssn, i) => {
    const russian = random.chance(0.15)
    const [first, firstLatin] = random.pick(russian ? russianFirst : hebrewFirst)
    const [last, lastLatin] = random.pick(russian ? russianLast : hebrewLast)
    const id = i + 1
    const joined = today.subtract({ days: random.int(20, 1500) })
    return {
      id,
      first_name: first,
      last_name: last,
      ssn: random.chance(0.9) ? ssn : null,
      email: `${firstLatin}.${lastLatin}${id}@${random.pick(mailDomains)}`,
      mobile: `05${random.pick([0, 2, 3, 4, 5, 8])}${String(random.int(0, 9_999_999)).padStart(7, "0")}`,
      phone: null,
      address1: null,
      address2: null,
      city: random.pick(cities),
      postal_code: null,
      date_of_birth: today.subtract({ years: random.int(16, 85), days: random.int(0, 364) }).toString(),
      license_plate: null,
      location_id: random.pick(options.locationIds),
      is_sms_allowed: random.chance(0.6),
      is_email_allowed: random.chance(0.7),
      is_mailing_allowed: random.chance(0.3),
      created_at: toInstant(
        joined,
        `${String(random.int(8, 22)).padStart(2, "0")}:${random.pick(["05", "20", "45"])}`,
      ).toString(),
    }
  })

  // club members (some expired, a few starting next month) and punch-card holders
  const members: Array<Row> = []
  for (const customer of customers) {
    const roll = random.next()
    if (roll >= 0.38) continue
    const membership = roll < 0.28 ? MEMBERSHIP.club : roll < 0.34 ? MEMBERSHIP.series10 : MEMBERSHIP.series5
    const state = random.weighted([
      ["active", 85],
      ["expired", 12],
      ["future", 3],
    ] as const)
    const days = membership === MEMBERSHIP.series5 ? 180 : 365
    const start =
      state === "future"
        ? today.add({ days: random.int(1, 30) })
        : state === "expired"
          ? today.subtract({ days: days + random.int(1, 90) })
          : today.subtract({ days: random.int(0, days - 1) })
    const end = start.add({ days })
    const entries = membership === MEMBERSHIP.series10 ? 10 : membership === MEMBERSHIP.series5 ? 5 : 0
    const used = entries === 0 ? 0 : random.int(0, entries)
    members.push({
      id: members.length + 1,
      customer_id: customer.id,
      membership_id: membership,
      member_number: String(70_000_000 + members.length * 7 + random.int(0, 6)),
      balance: entries - used,
      used_balance: used,
      points_balance: membership === MEMBERSHIP.club ? random.int(0, 2400) : 0,
      start_date: start.toString(),
      end_date: end.toString(),
      allow_member_sale_tickets: true,
    })
  }

  // the last column: a broker (migration 0060), who may take presentations of their businesses off sale and back
  const staff: ReadonlyArray<readonly [string, string, string, ReadonlyArray<number>, boolean]> = [
    ["admin", "Dana", "Levi", [1, 2], true],
    ["manager.tlv", "Yossi", "Cohen", [1], false],
    ["partner.haifa", "Rania", "Khoury", [2], true],
    ["analyst", "Igor", "Popov", [1, 2], false],
  ]
  const staffUsers = staff.map(([username, first, last, businessIds, isBroker], i) => ({
    id: i + 1,
    username,
    first_name: first,
    last_name: last,
    business_ids: businessIds,
    password_hash: seedArgon2idHash(DEMO_STAFF_PASSWORD, username),
    is_active: true,
    is_broker: isBroker,
  }))
  return { customers, members, staffUsers }
}

/**
 * An Argon2id PHC string (the library's default algorithm and costs) whose salt is derived from the username, so
 * that seeding is reproducible; real accounts get a random salt (src/server/staff/staffPasswords.ts).
 */
export const seedArgon2idHash = (password: string, username: string): string =>
  hashSync(password, {
    salt: createHash("sha256").update(`marquee-seed-${username}`).digest().subarray(0, 16),
  })

const SCRYPT = { N: 16384, r: 8, p: 1, keyLength: 64 } as const

/**
 * `scrypt$N$r$p$<salt base64>$<key base64>`. The seed derives the salt from the username so that
 * seeding is reproducible; real accounts must use a random salt.
 */
export const scryptHash = (password: string, salt: Buffer): string => {
  const key = scryptSync(password, salt, SCRYPT.keyLength, { N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p })
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString("base64")}$${key.toString("base64")}`
}
