# One image per back-end service: `docker build -f deploy/docker/service.Dockerfile --build-arg SERVICE=auth .`
# (gateway, auth, estimates, ai, documents, meetings, admin); `npm run release` builds them all, tags
# them with the commit and sets the overlays. The build stage installs the workspace from the lock
# (npm ci), bundles the service and the workspace libraries it uses into plain JavaScript and
# installs only the npm packages that bundle imports, with npm ci from the repository's lock cut to
# them (scripts/build-service.ts, which runs the same way without Docker): nothing is resolved anew
# at build time. The runtime stage is that folder on Node 24 slim, owned by root, run as uid 1000.
# The release before this one (`--build-arg PREVIOUS_IMAGE=<registry>/gateway:<tag>`): the gateway
# keeps its shell's hashed assets (SHELL_PREVIOUS_DIST), so a tab opened before the deploy still
# finds the chunks it names. Without one, or for the other services: an empty folder.
ARG PREVIOUS_IMAGE=node:24-bookworm-slim
FROM ${PREVIOUS_IMAGE} AS previous
USER root
RUN mkdir -p /app/shell/static

FROM node:24-bookworm-slim AS build
ARG SERVICE
WORKDIR /src
COPY . .
RUN npm ci --no-audit --no-fund
RUN npx tsx scripts/build-service.ts "$SERVICE"
# The gateway serves the shell on the app origin, so its image carries the shell's build.
RUN if [ "$SERVICE" = gateway ]; then npm run build -w @plumbline/app-shell && cp -r frontends/shell/dist "dist/$SERVICE/shell"; fi

FROM node:24-bookworm-slim
ARG SERVICE
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /src/dist/${SERVICE} /app
COPY --from=previous /app/shell/static /app/previous-shell/static
# The meetings service transcribes: ffmpeg cuts and converts recordings, pocketsphinx is the
# embedded offline recogniser (an OpenAI-compatible endpoint replaces it when configured).
RUN if [ "$SERVICE" = meetings ]; then apt-get update && apt-get install -y --no-install-recommends ffmpeg pocketsphinx pocketsphinx-en-us \
      && rm -rf /var/lib/apt/lists/*; fi
# A number, not a name: the kubelet can only check runAsNonRoot against a numeric user.
USER 1000:1000
HEALTHCHECK --interval=10s --timeout=3s --retries=5 CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"]
CMD ["node", "src/main.js"]
