# One image per remote: `docker build -f deploy/docker/frontend.Dockerfile --build-arg APP=estimates .`
# (estimates, share, meetings, settings, admin). Unprivileged nginx (uid 101, port 8080) serves the
# remote's build under /<APP>/, the same path the Ingress and REMOTES_JSON use, so nothing rewrites
# paths on the way (the built manifest's publicPath is "auto": assets load from beside it).
FROM node:24-bookworm-slim AS build
ARG APP
WORKDIR /src
COPY . .
RUN npm ci --no-audit --no-fund && npm run build -w @plumbline/app-${APP}

# The release before this one (`--build-arg PREVIOUS_IMAGE=<registry>/remote-<app>:<tag>`): its
# hashed assets ride along under /usr/share/nginx/previous, so a tab opened before the deploy still
# finds the chunks it names (nginx-remote.conf falls back there). Without one: nothing to keep.
ARG PREVIOUS_IMAGE=nginxinc/nginx-unprivileged:1.27.5-alpine
FROM ${PREVIOUS_IMAGE} AS previous
ARG APP
USER root
RUN mkdir -p /usr/share/nginx/html/${APP}/static

FROM nginxinc/nginx-unprivileged:1.27.5-alpine
ARG APP
COPY deploy/docker/nginx-remote.conf /etc/nginx/conf.d/default.conf
# Only the shell's origin may read the files cross-origin: the entrypoint writes SHELL_ORIGIN into
# /tmp/shell-origin.conf (the one writable place; root is read-only), which the config includes.
COPY deploy/docker/shell-origin.conf.template /etc/nginx/templates/shell-origin.conf.template
ENV NGINX_ENVSUBST_OUTPUT_DIR=/tmp SHELL_ORIGIN=http://localhost:3000
COPY --from=previous /usr/share/nginx/html/${APP}/static /usr/share/nginx/previous/${APP}/static
COPY --from=build /src/frontends/${APP}/dist /usr/share/nginx/html/${APP}
USER 101:101
HEALTHCHECK --interval=10s --timeout=3s CMD ["wget", "-qO", "/dev/null", "http://127.0.0.1:8080/healthz"]
