# The Sointu app for the distributed stack (docker-compose.yml). The same code as `npm start`:
# configuration by environment decides which stores it talks to.
FROM node:20-bookworm

WORKDIR /app

# Dependencies first, so a code change does not reinstall them. Dev dependencies stay: the server
# runs TypeScript through tsx, and vite builds the browser app.
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

COPY . .
RUN npx vite build --logLevel warn

# DATA_DIR keeps what is not in the databases: generated secrets and the content library's files.
RUN mkdir -p /data && chown node:node /data
USER node
ENV PORT=3000 HOST=0.0.0.0 DATA_DIR=/data
VOLUME /data
EXPOSE 3000

CMD ["./node_modules/.bin/tsx", "server/main.ts"]
