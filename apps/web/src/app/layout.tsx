import type { Metadata } from "next";
import { TRPCReactProvider } from "~/trpc/react";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Sample guides", template: "%s · Sample guides" },
  description: "Order sample guides and send inquiries: every submission counted exactly once.",
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body>
        <TRPCReactProvider>
          <main className="page">{children}</main>
        </TRPCReactProvider>
      </body>
    </html>
  );
}
