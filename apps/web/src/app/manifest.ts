// The web manifest: name, colours and icons for "add to home screen".
import type { MetadataRoute } from "next";

export default function manifest(): MetadataRoute.Manifest {
  return {
    name: "Sample guides · 资料样册",
    short_name: "Sample guides",
    start_url: "/guides",
    display: "standalone",
    background_color: "#f6f7f9",
    theme_color: "#0b5bd3",
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}
