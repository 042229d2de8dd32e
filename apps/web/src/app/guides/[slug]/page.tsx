// One guide and its order form. The guide is read through tRPC on the server and handed to the
// form as props: the page ships no query cache, so its first load stays small.
import { notFound } from "next/navigation";
import { TRPCError } from "@trpc/server";
import { getLocale } from "~/i18n/locale";
import { translator } from "~/i18n/messages";
import { getQueryClient, trpc } from "~/trpc/server";
import { OrderForm } from "./order-form";

export const dynamic = "force-dynamic";

/** An unknown slug is a 404; any other failure (the database, say) is an error, not a 404. */
function notFoundAsNull(error: unknown): null {
  if (error instanceof TRPCError && error.code === "NOT_FOUND") return null;
  throw error;
}

export default async function GuidePage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const [locale, guide] = await Promise.all([getLocale(), getQueryClient().fetchQuery(trpc.catalog.bySlug.queryOptions({ slug })).catch(notFoundAsNull)]);
  if (!guide) notFound();
  const t = translator(locale);
  const zh = locale === "zh-CN";
  return (
    <article className="guide-detail">
      <h1>{zh ? guide.titleZh : guide.titleEn}</h1>
      <p className="alt-title" lang={zh ? "en" : "zh-CN"}>
        {zh ? guide.titleEn : guide.titleZh}
      </p>
      <p>{zh ? guide.summaryZh : guide.summaryEn}</p>
      <p className="badge">{guide.inStock ? t("guides.inStock") : t("guides.outOfStock")}</p>
      <h2>{t("guides.order")}</h2>
      <OrderForm slug={guide.slug} maxPerOrder={guide.maxPerOrder} inStock={guide.inStock} />
    </article>
  );
}
