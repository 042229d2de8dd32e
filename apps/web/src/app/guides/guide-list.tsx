"use client";
import Link from "next/link";
import { useSuspenseQuery } from "@tanstack/react-query";
import { useI18n } from "~/i18n/i18n-provider";
import { useTRPC } from "~/trpc/react";

export function GuideList() {
  const trpc = useTRPC();
  const { t, locale } = useI18n();
  const zh = locale === "zh-CN";
  const { data: guides } = useSuspenseQuery(trpc.catalog.list.queryOptions());
  return (
    <ul className="guide-list" aria-label={t("guides.heading")}>
      {guides.map((guide) => (
        <li key={guide.slug} className="guide-card" data-testid="guide-card">
          <h2>
            <Link href={`/guides/${guide.slug}`}>{zh ? guide.titleZh : guide.titleEn}</Link>
          </h2>
          <p className="alt-title" lang={zh ? "en" : "zh-CN"}>
            {zh ? guide.titleEn : guide.titleZh}
          </p>
          <p>{zh ? guide.summaryZh : guide.summaryEn}</p>
          <span className="badge">{guide.inStock ? t("guides.inStock") : t("guides.outOfStock")}</span>
        </li>
      ))}
    </ul>
  );
}
