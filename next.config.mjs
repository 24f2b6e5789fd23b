/** @type {import('next').NextConfig} */
const nextConfig = {
  // classifai clients call paths with and without trailing slashes; a redirect would drop PUT bodies.
  skipTrailingSlashRedirect: true,
  // The REST adapter needs the path exactly as sent (percent-encoding included).
  skipProxyUrlNormalize: true,
  poweredByHeader: false,
  reactStrictMode: true,
  serverExternalPackages: ['better-sqlite3', 'sharp'],
  experimental: {
    // Add-images bodies carry whole images as base64; above 10 MB the proxy would cut them silently.
    proxyClientMaxBodySize: '300mb',
  },
  typescript: { ignoreBuildErrors: false },
};

export default nextConfig;
