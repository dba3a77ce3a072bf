import { describe, expect, it } from "vitest"
import { bothDatabases, useTestServer } from "../../_support/databases.ts"

/** The food-alone catalogue (issue 16): the cinemas the products commit accepts, and their menu without 3D glasses. */
const databases = bothDatabases("foodmenu")

describe.each(databases)("food menu on $name", ({ start }) => {
  const { isUp, live } = useTestServer(start)

  it("lists online cinemas with a web point of sale, never the head office, and their menu", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const response = await fetch(`${live().baseUrl}/api/food/cinemas?lang=en`)
    expect(response.status).toBe(200)
    const { cinemas } = (await response.json()) as { cinemas: Array<{ id: number; name: string }> }
    const expected = await live().query<{ id: number }>(
      `SELECT l.id FROM locations l WHERE l.is_online AND NOT l.is_head_office
         AND EXISTS (SELECT 1 FROM points_of_sale pos WHERE pos.location_id = l.id AND pos.channel = 'web')`,
    )
    expect(cinemas.map((c) => c.id).sort()).toEqual(expected.map((c) => c.id).sort())
    expect(cinemas.length).toBeGreaterThan(0)
    const first = cinemas[0] as { id: number }
    const menu = (await (
      await fetch(`${live().baseUrl}/api/food/cinemas/${first.id}/products?lang=en`)
    ).json()) as {
      products: Array<{ is3DGlasses: boolean; price: number }>
    }
    expect(menu.products.length).toBeGreaterThan(0)
    expect(menu.products.every((p) => !p.is3DGlasses && p.price >= 0)).toBe(true)
    const [headOffice] = await live().query<{ id: number }>(
      `SELECT id FROM locations WHERE is_head_office LIMIT 1`,
    )
    const refused = await fetch(`${live().baseUrl}/api/food/cinemas/${headOffice?.id}/products`)
    expect(refused.status).toBe(404)
  })
})
