// The export links shared by the lead and order lists. Keys start with "exports.".
export const en = {
  "exports.label": "Export",
  "exports.csv": "CSV",
  "exports.xlsx": "Excel (XLSX)",
  "exports.note": "Times in {zone}; notes included.",
} as const satisfies Record<`exports.${string}`, string>;

export const zhCN: Record<keyof typeof en, string> = {
  "exports.label": "导出",
  "exports.csv": "CSV",
  "exports.xlsx": "Excel（XLSX）",
  "exports.note": "时间按 {zone} 显示；包含备注。",
};
