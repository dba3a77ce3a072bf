import { createFileRoute } from "@tanstack/react-router"
import { parsePositiveId } from "../../shop/parsePositiveId.ts"
import { ChooseVouchersPage } from "../../shop/vouchers/ChooseVouchersPage.tsx"

/** Spec §2 `/vouchers/{systemVoucherSuperClassId}`: chooseVouchers for one kind of voucher (a positive id, else 404). */
export const Route = createFileRoute("/_booking/vouchers/$systemVoucherSuperClassId")({
  params: {
    parse: ({ systemVoucherSuperClassId }) => ({
      systemVoucherSuperClassId: parsePositiveId(systemVoucherSuperClassId),
    }),
    stringify: ({ systemVoucherSuperClassId }) => ({
      systemVoucherSuperClassId: String(systemVoucherSuperClassId),
    }),
  },
  component: ChooseVouchersRoute,
})

function ChooseVouchersRoute() {
  const { locale } = Route.useRouteContext()
  const { systemVoucherSuperClassId } = Route.useParams()
  return <ChooseVouchersPage superClassId={systemVoucherSuperClassId} locale={locale} />
}
