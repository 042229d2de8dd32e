// The export links shared by the lead and order lists, and the files' words the lists do not
// already have (server/export-words.ts takes the rest from the lists' own columns). Keys start
// with "exports.".
export const en = {
  "exports.label": "Export",
  "exports.csv": "CSV",
  "exports.xlsx": "Excel (XLSX)",
  "exports.note": "Times in {zone}; notes included.",
  "exports.yes": "Yes",
  "exports.no": "No",
  "exports.col.possibleDuplicate": "Possible duplicate",
  "exports.col.cancelReason": "Cancellation reason",
} as const satisfies Record<`exports.${string}`, string>;

export const zhCN: Record<keyof typeof en, string> = {
  "exports.label": "导出",
  "exports.csv": "CSV",
  "exports.xlsx": "Excel（XLSX）",
  "exports.note": "时间按 {zone} 显示；包含备注。",
  "exports.yes": "是",
  "exports.no": "否",
  "exports.col.possibleDuplicate": "疑似重复",
  "exports.col.cancelReason": "取消原因",
};
