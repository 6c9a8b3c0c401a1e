// Verilator harness for keccak_core: known-answer vectors, several messages in flight,
// random idle gaps on the input and random back-pressure on the output; measures
// cycles per block, latency and messages per cycle. Exit code 1 on any mismatch.
//
// The model is built with RATE=1344 (largest rate) and OUT_BITS=512: a block of a
// smaller rate is the padded block followed by zero bytes (XOR of zeros into the
// capacity is the identity), and the digest is the first out_bytes bytes.
#include "Vkeccak_core.h"
#include "verilated.h"
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <vector>

struct Msg {
  std::vector<uint8_t> data;
  std::vector<uint8_t> digest;
  std::vector<std::vector<uint8_t>> blocks;
  size_t next = 0;
  long first_accept = -1, done = -1;
  std::vector<long> accepts;
};

static std::vector<uint8_t> unhex(const std::string &s) {
  std::vector<uint8_t> v;
  if (s == "-") return v;
  for (size_t i = 0; i + 1 < s.size(); i += 2) v.push_back((uint8_t)strtoul(s.substr(i, 2).c_str(), nullptr, 16));
  return v;
}

static const char *arg(int argc, char **argv, const char *key, const char *def) {
  for (int i = 1; i + 1 < argc; i++)
    if (!strcmp(argv[i], key)) return argv[i + 1];
  return def;
}

struct Result {
  long cycles = 0, blocks = 0, msgs = 0, errors = 0, max_inflight = 0;
  long lat_min = -1; double lat_avg = 0; long lat_n = 0;
  long cpb_min = -1;
};

static Result run(Vkeccak_core *top, std::vector<Msg> msgs, int rate, int outb, int gap_pct,
                  int bp_pct, uint32_t seed, bool verbose) {
  std::mt19937 rng(seed);
  Result r;
  top->rst_ni = 0; top->clk_i = 0; top->in_valid_i = 0; top->out_ready_i = 0;
  top->eval(); top->clk_i = 1; top->eval(); top->clk_i = 0; top->rst_ni = 1; top->eval();
  size_t next_new = 0, done = 0;
  std::map<int, size_t> tag2msg;
  long cyc = 0, limit = 2000 + (long)msgs.size() * 4000 * 8;
  for (auto &m : msgs) r.blocks += m.blocks.size();
  r.msgs = msgs.size();
  while (done < msgs.size()) {
    if (++cyc > limit) { fprintf(stderr, "timeout: %zu/%zu digests\n", done, msgs.size()); r.errors++; break; }
    // ---- drive input
    Msg *cur = nullptr; bool first = false;
    if (top->in_need_cont_o) {
      auto it = tag2msg.find(top->in_need_tag_o);
      if (it == tag2msg.end()) { fprintf(stderr, "core waits for unknown tag %d\n", top->in_need_tag_o); r.errors++; break; }
      cur = &msgs[it->second];
    } else if (next_new < msgs.size()) {
      cur = &msgs[next_new]; first = true;
    }
    bool gap = gap_pct && (int)(rng() % 100) < gap_pct;
    top->in_valid_i = (cur && !gap) ? 1 : 0;
    int tag = 0;
    if (cur) {
      size_t idx = cur - &msgs[0];
      tag = (int)(idx & 0xff);
      const auto &b = cur->blocks[cur->next];
      for (int w = 0; w < 1344 / 32; w++) {
        uint32_t v = 0;
        for (int k = 0; k < 4; k++) { size_t p = 4 * w + k; if (p < b.size()) v |= (uint32_t)b[p] << (8 * k); }
        top->in_block_i[w] = v;
      }
      top->in_first_i = first;
      top->in_last_i = cur->next + 1 == cur->blocks.size();
      top->in_tag_i = tag;
    }
    top->out_ready_i = !(bp_pct && (int)(rng() % 100) < bp_pct);
    top->eval();
    bool acc = top->in_valid_i && top->in_ready_o;
    bool out = top->out_valid_o && top->out_ready_i;
    if (out) {
      auto it = tag2msg.find(top->out_tag_o);
      if (it == tag2msg.end()) { fprintf(stderr, "digest with unknown tag %d\n", top->out_tag_o); r.errors++; break; }
      Msg &m = msgs[it->second];
      std::vector<uint8_t> d(outb);
      for (int i = 0; i < outb; i++) d[i] = (top->out_digest_o[i / 4] >> (8 * (i % 4))) & 0xff;
      if (d != m.digest) {
        r.errors++;
        if (r.errors < 5) fprintf(stderr, "MISMATCH msg %zu len %zu\n", it->second, m.data.size());
      }
      m.done = cyc;
      tag2msg.erase(it);
      done++;
    }
    if (acc) {
      size_t idx = cur - &msgs[0];
      if (first) { tag2msg[tag] = idx; next_new++; cur->first_accept = cyc; }
      cur->accepts.push_back(cyc);
      cur->next++;
      if ((long)tag2msg.size() > r.max_inflight) r.max_inflight = tag2msg.size();
    }
    top->clk_i = 1; top->eval(); top->clk_i = 0; top->eval();
  }
  r.cycles = cyc;
  for (auto &m : msgs) {
    for (size_t i = 1; i < m.accepts.size(); i++) {
      long d = m.accepts[i] - m.accepts[i - 1];
      if (r.cpb_min < 0 || d < r.cpb_min) r.cpb_min = d;
    }
    if (m.blocks.size() == 1 && m.done >= 0) {
      long l = m.done - m.first_accept;
      if (r.lat_min < 0 || l < r.lat_min) r.lat_min = l;
      r.lat_avg += l; r.lat_n++;
    }
  }
  if (r.lat_n) r.lat_avg /= r.lat_n;
  if (verbose) fprintf(stderr, "run gap=%d%% bp=%d%%: %ld cycles, %ld blocks, %ld msgs, errors %ld\n",
                       gap_pct, bp_pct, r.cycles, r.blocks, r.msgs, r.errors);
  return r;
}

int main(int argc, char **argv) {
  Verilated::commandArgs(argc, argv);
  const char *vf = arg(argc, argv, "--vectors", nullptr);
  int rate = atoi(arg(argc, argv, "--rate-bytes", "136"));
  int domain = (int)strtol(arg(argc, argv, "--domain", "6"), nullptr, 0);
  int gap = atoi(arg(argc, argv, "--gap", "20"));
  int bp = atoi(arg(argc, argv, "--bp", "30"));
  uint32_t seed = atoi(arg(argc, argv, "--seed", "1"));
  if (!vf) { fprintf(stderr, "usage: tb --vectors F --rate-bytes R [--domain 0x06]\n"); return 2; }
  std::ifstream in(vf);
  if (!in) { fprintf(stderr, "cannot open %s\n", vf); return 2; }
  std::vector<Msg> msgs;
  std::string line;
  int outb = -1;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream ss(line);
    long len; std::string mh, dh;
    if (!(ss >> len >> mh >> dh)) { fprintf(stderr, "bad vector line: %s\n", line.c_str()); return 2; }
    Msg m; m.data = unhex(mh); m.digest = unhex(dh);
    if ((long)m.data.size() != len) { fprintf(stderr, "length mismatch in vector line\n"); return 2; }
    outb = m.digest.size();
    std::vector<uint8_t> p = m.data;
    p.push_back((uint8_t)domain);
    while (p.size() % rate) p.push_back(0);
    p.back() |= 0x80;
    for (size_t o = 0; o < p.size(); o += rate) m.blocks.emplace_back(p.begin() + o, p.begin() + o + rate);
    msgs.push_back(m);
  }
  if (msgs.empty() || outb > 64) { fprintf(stderr, "no usable vectors\n"); return 2; }
  Vkeccak_core *top = new Vkeccak_core;
  Result a = run(top, msgs, rate, outb, gap, bp, seed, true);
  Result b = run(top, msgs, rate, outb, 0, 0, seed, true);
  // saturated run: only one-block messages, back to back
  std::vector<Msg> one;
  for (auto &m : msgs) if (m.blocks.size() == 1) one.push_back(m);
  const size_t n_one = one.size();  // repeat the one-block messages found, cyclically
  while (!one.empty() && one.size() < 48) one.push_back(one[one.size() % n_one]);
  Result c = one.empty() ? b : run(top, one, rate, outb, 0, 0, seed, true);
  long errors = a.errors + b.errors + c.errors;
  printf("{\"vectors\": %zu, \"digests_ok\": %s, \"errors\": %ld, \"cycles_per_block\": %ld, "
         "\"latency_cycles\": %ld, \"latency_avg\": %.2f, \"n_msg\": %.3f, "
         "\"messages_per_cycle\": %.6f, \"blocks_per_cycle\": %.6f, "
         "\"mixed_blocks_per_cycle\": %.6f, \"stress_cycles\": %ld}\n",
         msgs.size(), errors ? "false" : "true", errors, b.cpb_min, c.lat_min, c.lat_avg,
         (double)b.cpb_min * c.blocks / c.cycles, (double)c.msgs / c.cycles, (double)c.blocks / c.cycles,
         (double)b.blocks / b.cycles, a.cycles);
  top->final();
  delete top;
  return errors ? 1 : 0;
}
