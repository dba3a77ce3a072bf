import { HttpApi, HttpApiMiddleware, OpenApi } from "effect/http-api"
import { CartApi } from "./CartApi.ts"
import { CinemasApi } from "./CinemasApi.ts"
import { ConfigApi } from "./ConfigApi.ts"
import { CustomerApi } from "./CustomerApi.ts"
import { CustomerAreaApi } from "./CustomerAreaApi.ts"
import { CustomerAreaCancellationApi } from "./CustomerAreaCancellationApi.ts"
import { CustomerAreaVouchersApi } from "./CustomerAreaVouchersApi.ts"
import { CustomerSignInApi } from "./CustomerSignInApi.ts"
import { EDocumentsApi } from "./EDocumentsApi.ts"
import { EnrolApi } from "./EnrolApi.ts"
import { FeaturesApi } from "./FeaturesApi.ts"
import { FormsApi } from "./FormsApi.ts"
import { HumanCheckApi } from "./HumanCheckApi.ts"
import { MembershipsApi } from "./MembershipsApi.ts"
import { IntegrationApi, MiniSiteApi } from "./MiniSiteApi.ts"
import { PaymentApi } from "./PaymentApi.ts"
import { PresentationsApi } from "./PresentationsApi.ts"
import { ReservationsApi } from "./ReservationsApi.ts"
import { SeatsApi } from "./SeatsApi.ts"
import { ShopApi } from "./ShopApi.ts"
import { LiveApi, StaffAuthApi } from "./StaffApi.ts"
import { LiveBrokersApi } from "./StaffBrokersApi.ts"
import { LiveEventsApi } from "./StaffEventsApi.ts"
import { LiveFeatureViewApi } from "./StaffFeatureViewApi.ts"
import { LiveReferencesApi } from "./StaffReferencesApi.ts"
import { LiveReportsApi } from "./StaffReportsApi.ts"
import { VodApi } from "./VodApi.ts"
import { WaiverApi } from "./WaiverApi.ts"

/**
 * The one HTTP contract: the server implements it, the browser derives its types (and later its client)
 * from it, and `/api/openapi.json` is generated from it. Every path is under `/api`.
 */
export class MarqueeApi extends HttpApi.make("marquee")
  .add(ConfigApi)
  .add(PresentationsApi)
  .add(FeaturesApi)
  .add(CustomerApi)
  .add(CustomerSignInApi)
  .add(SeatsApi)
  .add(CartApi)
  .add(HumanCheckApi)
  .add(PaymentApi)
  .add(ReservationsApi)
  .add(EDocumentsApi)
  .add(CustomerAreaApi)
  .add(CustomerAreaCancellationApi)
  .add(CustomerAreaVouchersApi)
  .add(ShopApi)
  .add(StaffAuthApi)
  .add(LiveApi)
  .add(MembershipsApi)
  .add(VodApi)
  .add(LiveReportsApi)
  .add(FormsApi)
  .add(LiveReferencesApi)
  .add(LiveFeatureViewApi)
  .add(LiveEventsApi)
  .add(LiveBrokersApi)
  .add(EnrolApi)
  .add(MiniSiteApi)
  .add(IntegrationApi)
  .add(CinemasApi)
  .add(WaiverApi)
  .prefix("/api")
  .middleware(HttpApiMiddleware.ProblemDetails)
  .annotateMerge(OpenApi.annotations({ title: "Marquee API", version: "0.1.0" })) {}
