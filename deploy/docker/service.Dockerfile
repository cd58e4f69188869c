# One image recipe for every back-end service: `--build-arg SERVICE=auth` (gateway, auth,
# estimates, ai, documents, meetings, admin). Services run their TypeScript through tsx, the
# same way tests and `npm start` do, so there is no separate build output to drift from.
FROM node:20-bookworm-slim AS deps
ARG SERVICE
WORKDIR /app
COPY package.json package-lock.json ./
COPY libs ./libs
COPY services ./services
COPY frontends ./frontends
COPY scripts ./scripts
COPY tsconfig.base.json turbo.json ./
RUN npm ci --no-audit --no-fund
# The gateway serves the shell on the app origin, so its image carries the shell's build.
RUN if [ "$SERVICE" = gateway ]; then npm run build -w @plumbline/app-shell; fi

FROM node:20-bookworm-slim
ARG SERVICE
ENV NODE_ENV=production SERVICE=${SERVICE} HOST=0.0.0.0
WORKDIR /app
COPY --from=deps /app /app
USER node
WORKDIR /app/services/${SERVICE}
HEALTHCHECK --interval=10s --timeout=3s --retries=5 CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["sh", "-c", "exec node --import tsx src/main.ts"]
