import { dashboardExport } from "~/server/dashboard-export";

export const dynamic = "force-dynamic";
export const GET = (request: Request) => dashboardExport(request, "leads", "csv");
