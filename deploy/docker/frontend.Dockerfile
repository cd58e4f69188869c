# One image per remote: `docker build -f deploy/docker/frontend.Dockerfile --build-arg APP=estimates .`
# (estimates, share, meetings, settings, admin). Unprivileged nginx (uid 101, port 8080) serves the
# remote's build under /<APP>/, the same path the Ingress and REMOTES_JSON use, so nothing rewrites
# paths on the way (the built manifest's publicPath is "auto": assets load from beside it).
FROM node:24-bookworm-slim AS build
ARG APP
WORKDIR /src
COPY . .
RUN npm ci --no-audit --no-fund && npm run build -w @plumbline/app-${APP}

FROM nginxinc/nginx-unprivileged:1.27.5-alpine
ARG APP
COPY deploy/docker/nginx-remote.conf /etc/nginx/conf.d/default.conf
COPY --from=build /src/frontends/${APP}/dist /usr/share/nginx/html/${APP}
USER 101:101
HEALTHCHECK --interval=10s --timeout=3s CMD ["wget", "-qO", "/dev/null", "http://127.0.0.1:8080/healthz"]
