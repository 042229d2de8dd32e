// The design system: components shared by the customer pages and the staff dashboard. The
// tokens are in ./theme.css (imported once by the app's global stylesheet).
export { cx, type ClassValue } from "./cx";
export { Button, buttonClasses, type ButtonProps, type ButtonStyle } from "./button";
export { Card, cardClasses } from "./card";
export { Badge, type BadgeProps } from "./badge";
export { Notice, type NoticeProps } from "./notice";
export { Field, Input, Textarea, Select, controlClasses, describedBy, type FieldProps } from "./field";
export { Checkbox } from "./checkbox";
export { IndeterminateProgress } from "./progress";
export { PageHeader } from "./page-header";
export { DataTable, Facts } from "./table";
