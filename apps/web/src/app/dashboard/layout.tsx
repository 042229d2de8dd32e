// Staff pages read through tRPC + TanStack Query: they get the tab's clients from the start.
import { TRPCReactProvider } from "~/trpc/react";

export default function DashboardLayout({ children }: { children: React.ReactNode }) {
  return (
    <TRPCReactProvider>
      <div className="legacy-ui">{children}</div>
    </TRPCReactProvider>
  );
}
