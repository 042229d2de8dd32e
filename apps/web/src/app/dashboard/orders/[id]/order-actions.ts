"use client";
// The order page's two actions, each its own mutation and its own panel's message: moving the
// order along (./fulfilment-panel.tsx: pack, ship with carrier and tracking number, deliver) and
// cancelling it (./cancel-panel.tsx). A panel's last outcome is cleared the moment any action
// on the page starts or is refused before it is sent (`clearOutcomes`), so a "Saved." is never
// left standing beside a newer error in the other panel. Both settle only after the order is
// read again (onSuccess returns the refetch), so the page shows the new state with the message.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "~/trpc/react";

export function useOrderActions(id: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.dashboard.orders.get.queryKey({ id }) });
  const fulfil = useMutation(trpc.dashboard.orders.fulfil.mutationOptions({ onSuccess: () => refresh() }));
  const cancel = useMutation(trpc.dashboard.orders.cancel.mutationOptions({ onSuccess: () => refresh() }));
  const clearOutcomes = () => {
    fulfil.reset();
    cancel.reset();
  };
  return { fulfil, cancel, clearOutcomes, refresh };
}

export type OrderActions = ReturnType<typeof useOrderActions>;
