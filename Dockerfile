# syntax=docker/dockerfile:1
# Production image: Node 24 LTS (ADR 026), built in stages, dev dependencies pruned,
# running as the unprivileged `node` user.
FROM node:24-bookworm-slim AS base
WORKDIR /app
ENV NODE_ENV=production

FROM base AS deps
COPY package.json package-lock.json ./
# Applied by npm ci's postinstall (patch-package): the route-tree memos, the server writer and the loaders' shared request of ADR 022.
COPY patches ./patches
RUN npm ci --include=dev --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build

FROM deps AS prod-deps
RUN npm prune --omit=dev --no-audit --no-fund
# The PDFs read only the regular and bold WOFF files of the Noto packages (ADR 028): ~75 MB of other weights and WOFF2 go.
RUN find node_modules/@fontsource -path '*/files/*' ! -name '*-400-normal.woff' ! -name '*-700-normal.woff' -delete

FROM base AS runtime
COPY --from=prod-deps --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
COPY --from=build --chown=node:node /app/public ./public
COPY --chown=node:node package.json ./
USER node
EXPOSE 3000
CMD ["node", "build/index.js", "serve"]
