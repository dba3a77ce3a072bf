import { useQuery } from "@tanstack/react-query"
import { Link } from "@tanstack/react-router"
import type { LocaleCode } from "../../i18n/locales.ts"
import { useT } from "../../i18n/useI18n.ts"
import { voucherSuperClassesQueryOptions } from "../queries.ts"
import { ShopFrame } from "../ShopFrame.tsx"

/** Spec §2 `/vouchers`: the kinds of voucher (superclasses), each leading to its own chooseVouchers screen. */
export const VoucherTypesPage = ({ locale }: { readonly locale: LocaleCode }) => {
  const t = useT()
  const list = useQuery(voucherSuperClassesQueryOptions(locale))
  const superClasses = list.data?.superClasses ?? []
  return (
    <ShopFrame kind="vouchers" step="choose" title={t("shop.vouchers.title")} locale={locale} t={t}>
      <div className="order-step">
        <p className="order__facts">{t("shop.vouchers.intro")}</p>
        {list.isPending ? (
          <p className="order__notice">{t("shop.loading")}</p>
        ) : list.isError ? (
          <p className="order__notice order__notice--problem" role="alert">
            {t("errors.occurred")}
          </p>
        ) : superClasses.length === 0 ? (
          <p className="order__notice" data-testid="shop-none-for-sale">
            {t("shop.noneForSale.vouchers")}
          </p>
        ) : (
          <ul className="shop-links">
            {superClasses.map((superClass) => (
              <li key={superClass.id}>
                <Link
                  to="/vouchers/$systemVoucherSuperClassId"
                  params={{ systemVoucherSuperClassId: superClass.id }}
                  search={{ lang: locale }}
                  data-testid="voucher-type"
                >
                  {superClass.name}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </ShopFrame>
  )
}
