// The one icon set of every screen: Lucide's icon data (the `lucide` package), drawn by one
// plain component: `<Icon node={Globe} className="size-4" />`. lucide-react's components are
// client components (they read a React context), so every icon on a server-rendered page
// shipped their runtime in the first load; <Icon> renders to static SVG on the server, and a
// client bundle carries only the path data of the icons it names (each is its own module in
// `lucide`, which has no side effects). Screens import icons from here, never from lucide.
import { createElement, type SVGProps } from "react";
import type { IconNode } from "lucide";
import { cx } from "./cx";

export type { IconNode };

export interface IconProps extends SVGProps<SVGSVGElement> {
  node: IconNode;
}

export function Icon({ node, className, ...props }: IconProps) {
  // Decorative unless the caller names it (as lucide-react does).
  const named = props["aria-label"] !== undefined || props["aria-labelledby"] !== undefined || props.role !== undefined;
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={24}
      height={24}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden={named ? undefined : true}
      className={cx("lucide", className)}
      {...props}
    >
      {node.map(([tag, attrs], index) => createElement(tag, { key: index, ...attrs }))}
    </svg>
  );
}

export {
  ArrowDown,
  ArrowLeft,
  ArrowRight,
  ArrowUp,
  BookOpen,
  Check,
  ChevronDown,
  CircleAlert,
  CircleCheck,
  Clock,
  FileText,
  Gift,
  Globe,
  History,
  Inbox,
  LoaderCircle,
  Mail,
  MapPin,
  Package,
  PackageX,
  Phone,
  RefreshCw,
  Search,
  Send,
  ShoppingBag,
  TriangleAlert,
  Truck,
  UserRound,
  Users,
  WifiOff,
  X,
} from "lucide";
