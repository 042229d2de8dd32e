// One lint config for the whole workspace: type-aware typescript-eslint rules everywhere,
// Next's rules for the web app, and no raw process.env outside the env modules.
import js from "@eslint/js";
import nextPlugin from "@next/eslint-plugin-next";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/.next/**",
      "**/.next-bench/**",
      "packages/*/dist/**",
      "**/generated/**",
      "**/.turbo/**",
      "**/next-env.d.ts",
      "e2e/artifacts/**",
      ".test-report/**",
      "test-results/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: { allowDefaultProject: ["*.mjs", "packages/*/bin/*.mjs"] }, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      // Workspace packages meet through their names and exports, never through each other's files.
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/packages/*/src/**", "../**/scripts/**", "../**/prisma/**", "../**/apps/**", "../**/e2e/**"],
              message: "Import another workspace package by its name (@once/…).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["apps/web/**/*.{ts,tsx}"],
    plugins: { "@next/next": nextPlugin, "react-hooks": reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...nextPlugin.configs.recommended.rules,
      ...nextPlugin.configs["core-web-vitals"].rules,
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "no-restricted-properties": ["error", { object: "process", property: "env", message: "Read configuration from ~/env." }],
    },
  },
  {
    // Where the environment is read and validated.
    files: ["apps/web/src/env.ts", "apps/web/src/instrumentation.ts", "apps/web/next.config.ts"],
    rules: { "no-restricted-properties": "off" },
  },
  {
    // vitest/Playwright asymmetric matchers (expect.any, expect.stringMatching) are typed `any`
    // by design; assigning them into expected objects is how matchers are meant to be used.
    files: ["**/*.test.ts", "e2e/**/*.ts"],
    rules: { "@typescript-eslint/no-unsafe-assignment": "off" },
  },
  {
    files: ["**/*.mjs"],
    ...tseslint.configs.disableTypeChecked,
  },
);
