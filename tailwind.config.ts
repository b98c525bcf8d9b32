import type { Config } from "tailwindcss";

export default {
  content: ["./app/**/*.{ts,tsx}"],
  darkMode: "class",
  theme: {
    extend: {
      fontFamily: {
        // System fonts: no web-font download on slow mobile data.
        sans: ['system-ui', '-apple-system', '"Segoe UI"', "Roboto", '"Noto Sans"', "sans-serif"],
      },
    },
  },
  plugins: [],
} satisfies Config;
