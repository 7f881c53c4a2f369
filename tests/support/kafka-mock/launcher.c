/*
 * A Kafka wire peer for tests: librdkafka's protocol-level mock cluster (Debian librdkafka-dev),
 * listening on loopback. Prints the bootstrap servers on the first line of stdout, then reads
 * commands from stdin, one per line, answering "ok" or "error ...":
 *   topic NAME PARTITIONS   create a topic
 *   errors APIKEY CODE N    answer the next N requests of that API (any client) with error CODE
 * It stops when stdin closes (the test process ended or closed it).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <librdkafka/rdkafka.h>
#include <librdkafka/rdkafka_mock.h>

int main(int argc, char **argv) {
  int brokers = argc > 1 ? atoi(argv[1]) : 1;
  char errstr[512];
  rd_kafka_conf_t *conf = rd_kafka_conf_new();
  rd_kafka_t *rk = rd_kafka_new(RD_KAFKA_PRODUCER, conf, errstr, sizeof errstr);
  if (!rk) {
    fprintf(stderr, "rd_kafka_new: %s\n", errstr);
    return 1;
  }
  rd_kafka_mock_cluster_t *cluster = rd_kafka_mock_cluster_new(rk, brokers);
  if (!cluster) {
    fprintf(stderr, "rd_kafka_mock_cluster_new failed\n");
    return 1;
  }
  printf("%s\n", rd_kafka_mock_cluster_bootstraps(cluster));
  fflush(stdout);

  char line[512], name[256];
  int partitions, api_key, code, count;
  while (fgets(line, sizeof line, stdin)) {
    if (sscanf(line, "topic %255s %d", name, &partitions) == 2) {
      rd_kafka_resp_err_t err = rd_kafka_mock_topic_create(cluster, name, partitions, 1);
      if (err) printf("error %s\n", rd_kafka_err2str(err));
      else printf("ok\n");
    } else if (sscanf(line, "errors %d %d %d", &api_key, &code, &count) == 3 && count > 0 && count <= 64) {
      rd_kafka_resp_err_t errors[64];
      for (int i = 0; i < count; i++) errors[i] = (rd_kafka_resp_err_t)code;
      rd_kafka_mock_push_request_errors_array(cluster, (int16_t)api_key, (size_t)count, errors);
      printf("ok\n");
    } else {
      printf("error unknown command\n");
    }
    fflush(stdout);
  }
  rd_kafka_mock_cluster_destroy(cluster);
  rd_kafka_destroy(rk);
  return 0;
}
