// /admin/promotions (docs/product.md §2 route table): the promotion management screen.
import type { MetaFunction } from "@remix-run/cloudflare";
import { PromotionsScreen } from "~/components/admin/PromotionsScreen";
import { promotionsAction, promotionsLoader } from "~/lib/admin/admin-promotions";
import { pageMeta } from "~/lib/meta";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "Quản lý khuyến mãi");

export const clientLoader = promotionsLoader;
export const clientAction = promotionsAction;

export default function AdminPromotionsRoute() {
  return <PromotionsScreen />;
}
