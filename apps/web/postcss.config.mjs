// Tailwind CSS 4 runs as a PostCSS plugin inside Next's CSS pipeline.
export default { plugins: { "@tailwindcss/postcss": {} } };
