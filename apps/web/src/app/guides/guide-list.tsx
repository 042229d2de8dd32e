"use client";
import { useSuspenseQuery } from "@tanstack/react-query";
import { useTRPC } from "~/trpc/react";

export function GuideList() {
  const trpc = useTRPC();
  const { data: guides } = useSuspenseQuery(trpc.catalog.list.queryOptions());
  return (
    <ul className="guide-list" aria-label="Guides">
      {guides.map((guide) => (
        <li key={guide.slug} className="guide-card" data-testid="guide-card">
          <h2 lang="en">{guide.titleEn}</h2>
          <p className="alt-title" lang="zh-CN">{guide.titleZh}</p>
          <p>{guide.summaryEn}</p>
          <span className="badge">{guide.inStock ? "In stock" : "Out of stock"}</span>
        </li>
      ))}
    </ul>
  );
}
