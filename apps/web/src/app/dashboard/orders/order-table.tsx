"use client";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useTRPC } from "~/trpc/react";

export function OrderTable() {
  const trpc = useTRPC();
  const orders = useInfiniteQuery(trpc.dashboard.orders.list.infiniteQueryOptions({ limit: 25 }, { getNextPageParam: (p) => p.nextCursor ?? undefined }));
  return (
    <section>
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">Number</th>
            <th scope="col">Received</th>
            <th scope="col">Guide</th>
            <th scope="col">Copies</th>
            <th scope="col">Contact</th>
            <th scope="col">Fulfilment</th>
          </tr>
        </thead>
        <tbody>
          {orders.data?.pages.flatMap((page) =>
            page.items.map((o) => (
              <tr key={o.id}>
                <td>{o.number}</td>
                <td>{o.createdAt.toLocaleString()}</td>
                <td>{o.guide.titleEn}</td>
                <td>{o.quantity}</td>
                <td>{o.contactName ?? "—"}</td>
                <td>{o.status}</td>
              </tr>
            )),
          )}
        </tbody>
      </table>
      {orders.hasNextPage ? (
        <button type="button" onClick={() => void orders.fetchNextPage()}>
          Load more
        </button>
      ) : null}
    </section>
  );
}
