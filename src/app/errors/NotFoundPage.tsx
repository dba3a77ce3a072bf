import { DefaultLayout } from "../layout/DefaultLayout.tsx"
import { NotFoundMessage } from "./NotFoundMessage.tsx"

/** A not-found above every layout (the root route's): the message in the site's default frame. */
export const NotFoundPage = () => (
  <DefaultLayout>
    <NotFoundMessage />
  </DefaultLayout>
)
