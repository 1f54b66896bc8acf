#pragma once
// Maximum-weight matching in general graphs with wide integer weights, used by the Dutch system
// (and usable by any pairing system that encodes its criteria into edge weights).
#include <algorithm>
#include <cassert>
#include <cstdint>
#include <vector>
// Fixed-width unsigned integer of L 64-bit limbs (little-endian limbs), modular arithmetic.
// The Dutch edge weights pack every criterion into one number (one bit-field per criterion,
// most important criterion in the highest bits), which needs several hundred bits for large
// tournaments; the matching only adds, subtracts, halves and compares them.

namespace arbiter::pairing::matching {

template <int L>
struct WideUint {
  std::uint64_t limb[L] = {};

  static constexpr int bits = 64 * L;

  WideUint() = default;
  explicit WideUint(std::uint64_t v) { limb[0] = v; }

  bool is_zero() const {
    std::uint64_t acc = 0;
    for (int i = 0; i < L; ++i) acc |= limb[i];
    return acc == 0;
  }
  explicit operator bool() const { return !is_zero(); }

  WideUint& operator+=(const WideUint& o) {
    unsigned char carry = 0;
    for (int i = 0; i < L; ++i) {
      unsigned __int128 s = (unsigned __int128)limb[i] + o.limb[i] + carry;
      limb[i] = (std::uint64_t)s;
      carry = (unsigned char)(s >> 64);
    }
    return *this;
  }
  WideUint& operator-=(const WideUint& o) {
    unsigned char borrow = 0;
    for (int i = 0; i < L; ++i) {
      std::uint64_t a = limb[i], b = o.limb[i];
      std::uint64_t d = a - b - borrow;
      borrow = (unsigned char)((a < b) || (a - b < borrow));
      limb[i] = d;
    }
    return *this;
  }
  WideUint& operator+=(std::uint64_t v) { return *this += WideUint(v); }
  WideUint& operator-=(std::uint64_t v) { return *this -= WideUint(v); }
  WideUint& operator|=(std::uint64_t v) {
    limb[0] |= v;
    return *this;
  }
  WideUint& operator<<=(int s) {
    if (s <= 0) return *this;
    const int w = s / 64, b = s % 64;
    for (int i = L - 1; i >= 0; --i) {
      std::uint64_t v = 0;
      if (i - w >= 0) {
        v = limb[i - w] << b;
        if (b && i - w - 1 >= 0) v |= limb[i - w - 1] >> (64 - b);
      }
      limb[i] = v;
    }
    return *this;
  }
  WideUint& shr1() {
    for (int i = 0; i < L; ++i) limb[i] = (limb[i] >> 1) | (i + 1 < L ? limb[i + 1] << 63 : 0);
    return *this;
  }
  void set_bit(int bit) { limb[bit / 64] |= std::uint64_t(1) << (bit % 64); }
  bool bit(int i) const { return (limb[i / 64] >> (i % 64)) & 1; }
  // Bits [lo, lo+len) as an integer, len <= 64.
  std::uint64_t bits_at(int lo, int len) const {
    const int w = lo / 64, b = lo % 64;
    std::uint64_t v = limb[w] >> b;
    if (b && w + 1 < L) v |= limb[w + 1] << (64 - b);
    return len == 64 ? v : v & ((std::uint64_t(1) << len) - 1);
  }
  // ORs `v` (len <= 64 bits) in at bit lo.
  void or_bits(int lo, std::uint64_t v) {
    const int w = lo / 64, b = lo % 64;
    limb[w] |= v << b;
    if (b && w + 1 < L) limb[w + 1] |= v >> (64 - b);
  }
  WideUint& operator|=(const WideUint& o) {
    for (int i = 0; i < L; ++i) limb[i] |= o.limb[i];
    return *this;
  }

  friend WideUint operator+(WideUint a, const WideUint& b) { return a += b; }
  friend WideUint operator-(WideUint a, const WideUint& b) { return a -= b; }
  friend bool operator==(const WideUint& a, const WideUint& b) {
    for (int i = 0; i < L; ++i)
      if (a.limb[i] != b.limb[i]) return false;
    return true;
  }
  friend bool operator<(const WideUint& a, const WideUint& b) {
    for (int i = L - 1; i >= 0; --i)
      if (a.limb[i] != b.limb[i]) return a.limb[i] < b.limb[i];
    return false;
  }
  friend bool operator>(const WideUint& a, const WideUint& b) { return b < a; }
  friend bool operator<=(const WideUint& a, const WideUint& b) { return !(b < a); }
};

}  // namespace arbiter::pairing::matching
// Maximum-weight matching in a general graph (not necessarily of maximum cardinality):
// Edmonds' blossom algorithm with the primal-dual method of Galil ("Efficient algorithms for
// finding maximum matching in graphs", 1986), O(n^3) for dense graphs.
//
// Weights are unsigned integers of any width providing + - < == and a halving (WideUint).
// All dual variables stay non-negative and every slack is even (the duals start at the
// largest weight and move in lockstep), so unsigned integer arithmetic is exact.
// Edges of weight zero are absent. The result: mate[v] = partner of v, or v if unmatched.

namespace arbiter::pairing::matching {

template <class W>
class MaxWeightMatching {
 public:
  struct Edge {
    int u, v;
    W w;
  };

  // Vertices 0..n-1; edges with non-zero weight.
  static std::vector<int> solve(int n, std::vector<Edge> edges) {
    MaxWeightMatching m(n, std::move(edges));
    m.run();
    std::vector<int> out(n);
    for (int v = 0; v < n; ++v) out[v] = m.mate_[v] < 0 ? v : m.endpoint(m.mate_[v]);
    return out;
  }

 private:
  int n_;
  std::vector<Edge> e_;
  std::vector<std::vector<int>> neighbend_;  // remote endpoints p (edge p/2, vertex endpoint(p))
  std::vector<int> mate_, label_, labelend_, inblossom_, blossomparent_, blossombase_, bestedge_;
  std::vector<std::vector<int>> childs_, endps_, bestedges_;
  std::vector<bool> has_bestedges_;
  std::vector<int> unused_;
  std::vector<W> dual_;
  std::vector<char> allowedge_;
  std::vector<int> queue_;

  MaxWeightMatching(int n, std::vector<Edge> edges) : n_(n), e_(std::move(edges)) {
    neighbend_.assign(n, {});
    W maxw{};
    for (int k = 0; k < (int)e_.size(); ++k) {
      neighbend_[e_[k].u].push_back(2 * k + 1);
      neighbend_[e_[k].v].push_back(2 * k);
      if (maxw < e_[k].w) maxw = e_[k].w;
    }
    mate_.assign(n, -1);
    label_.assign(2 * n, 0);
    labelend_.assign(2 * n, -1);
    inblossom_.resize(n);
    for (int i = 0; i < n; ++i) inblossom_[i] = i;
    blossomparent_.assign(2 * n, -1);
    childs_.assign(2 * n, {});
    endps_.assign(2 * n, {});
    blossombase_.assign(2 * n, -1);
    for (int i = 0; i < n; ++i) blossombase_[i] = i;
    bestedge_.assign(2 * n, -1);
    bestedges_.assign(2 * n, {});
    has_bestedges_.assign(2 * n, false);
    for (int b = 2 * n - 1; b >= n; --b) unused_.push_back(b);
    dual_.assign(2 * n, W{});
    for (int i = 0; i < n; ++i) dual_[i] = maxw;
    allowedge_.assign(e_.size(), 0);
  }

  int endpoint(int p) const { return p & 1 ? e_[p >> 1].v : e_[p >> 1].u; }
  W slack(int k) const { return dual_[e_[k].u] + dual_[e_[k].v] - e_[k].w - e_[k].w; }

  template <class F>
  void leaves(int b, F&& f) const {
    if (b < n_) {
      f(b);
      return;
    }
    for (int t : childs_[b]) leaves(t, f);
  }

  void assign_label(int w, int t, int p) {
    for (;;) {
      int b = inblossom_[w];
      label_[w] = label_[b] = t;
      labelend_[w] = labelend_[b] = p;
      bestedge_[w] = bestedge_[b] = -1;
      if (t == 1) {
        leaves(b, [&](int v) { queue_.push_back(v); });
        return;
      }
      int base = blossombase_[b];
      assert(mate_[base] >= 0);
      w = endpoint(mate_[base]);
      t = 1;
      p = mate_[base] ^ 1;
    }
  }

  int scan_blossom(int v, int w) {
    std::vector<int> path;
    int base = -1;
    while (v != -1 || w != -1) {
      int b = inblossom_[v];
      if (label_[b] & 4) {
        base = blossombase_[b];
        break;
      }
      path.push_back(b);
      label_[b] = 5;
      if (labelend_[b] == -1) {
        v = -1;
      } else {
        v = endpoint(labelend_[b]);
        b = inblossom_[v];
        v = endpoint(labelend_[b]);
      }
      if (w != -1) std::swap(v, w);
    }
    for (int b : path) label_[b] = 1;
    return base;
  }

  void add_blossom(int base, int k) {
    int v = e_[k].u, w = e_[k].v;
    int bb = inblossom_[base], bv = inblossom_[v], bw = inblossom_[w];
    int b = unused_.back();
    unused_.pop_back();
    blossombase_[b] = base;
    blossomparent_[b] = -1;
    blossomparent_[bb] = b;
    std::vector<int> path, endps;
    while (bv != bb) {
      blossomparent_[bv] = b;
      path.push_back(bv);
      endps.push_back(labelend_[bv]);
      v = endpoint(labelend_[bv]);
      bv = inblossom_[v];
    }
    path.push_back(bb);
    std::reverse(path.begin(), path.end());
    std::reverse(endps.begin(), endps.end());
    endps.push_back(2 * k);
    while (bw != bb) {
      blossomparent_[bw] = b;
      path.push_back(bw);
      endps.push_back(labelend_[bw] ^ 1);
      w = endpoint(labelend_[bw]);
      bw = inblossom_[w];
    }
    label_[b] = 1;
    labelend_[b] = labelend_[bb];
    dual_[b] = W{};
    childs_[b] = path;
    endps_[b] = endps;
    leaves(b, [&](int x) {
      if (label_[inblossom_[x]] == 2) queue_.push_back(x);
      inblossom_[x] = b;
    });
    std::vector<int> bestedgeto(2 * n_, -1);
    auto consider = [&](int kk) {
      int i = e_[kk].u, j = e_[kk].v;
      if (inblossom_[j] == b) std::swap(i, j);
      int bj = inblossom_[j];
      if (bj != b && label_[bj] == 1 && (bestedgeto[bj] == -1 || slack(kk) < slack(bestedgeto[bj])))
        bestedgeto[bj] = kk;
    };
    for (int sub : path) {
      if (!has_bestedges_[sub]) {
        leaves(sub, [&](int x) {
          for (int p : neighbend_[x]) consider(p >> 1);
        });
      } else {
        for (int kk : bestedges_[sub]) consider(kk);
      }
      bestedges_[sub].clear();
      has_bestedges_[sub] = false;
      bestedge_[sub] = -1;
    }
    bestedges_[b].clear();
    for (int kk : bestedgeto)
      if (kk != -1) bestedges_[b].push_back(kk);
    has_bestedges_[b] = true;
    bestedge_[b] = -1;
    for (int kk : bestedges_[b])
      if (bestedge_[b] == -1 || slack(kk) < slack(bestedge_[b])) bestedge_[b] = kk;
  }

  void expand_blossom(int b, bool endstage) {
    for (int s : childs_[b]) {
      blossomparent_[s] = -1;
      if (s < n_)
        inblossom_[s] = s;
      else if (endstage && dual_[s].is_zero())
        expand_blossom(s, endstage);
      else
        leaves(s, [&](int x) { inblossom_[x] = s; });
    }
    if (!endstage && label_[b] == 2) {
      const auto& ch = childs_[b];
      const auto& ep = endps_[b];
      const int len = (int)ch.size();
      int entrychild = inblossom_[endpoint(labelend_[b] ^ 1)];
      int j = (int)(std::find(ch.begin(), ch.end(), entrychild) - ch.begin());
      int jstep, endptrick;
      if (j & 1) {
        j -= len;
        jstep = 1;
        endptrick = 0;
      } else {
        jstep = -1;
        endptrick = 1;
      }
      auto at = [&](int idx) { return idx < 0 ? idx + len : idx; };
      int p = labelend_[b];
      while (j != 0) {
        label_[endpoint(p ^ 1)] = 0;
        label_[endpoint(ep[at(j - endptrick)] ^ endptrick ^ 1)] = 0;
        assign_label(endpoint(p ^ 1), 2, p);
        allowedge_[ep[at(j - endptrick)] >> 1] = 1;
        j += jstep;
        p = ep[at(j - endptrick)] ^ endptrick;
        allowedge_[p >> 1] = 1;
        j += jstep;
      }
      int bv = ch[at(j)];
      label_[endpoint(p ^ 1)] = label_[bv] = 2;
      labelend_[endpoint(p ^ 1)] = labelend_[bv] = p;
      bestedge_[bv] = -1;
      j += jstep;
      while (ch[at(j)] != entrychild) {
        bv = ch[at(j)];
        if (label_[bv] == 1) {
          j += jstep;
          continue;
        }
        int found = -1;
        leaves(bv, [&](int x) {
          if (found == -1 && label_[x] != 0) found = x;
        });
        if (found != -1) {
          label_[found] = 0;
          label_[endpoint(mate_[blossombase_[bv]])] = 0;
          assign_label(found, 2, labelend_[found]);
        }
        j += jstep;
      }
    }
    label_[b] = labelend_[b] = -1;
    childs_[b].clear();
    endps_[b].clear();
    blossombase_[b] = -1;
    bestedges_[b].clear();
    has_bestedges_[b] = false;
    bestedge_[b] = -1;
    unused_.push_back(b);
  }

  void augment_blossom(int b, int v) {
    int t = v;
    while (blossomparent_[t] != b) t = blossomparent_[t];
    if (t >= n_) augment_blossom(t, v);
    auto& ch = childs_[b];
    auto& ep = endps_[b];
    const int len = (int)ch.size();
    int i = (int)(std::find(ch.begin(), ch.end(), t) - ch.begin());
    int j = i, jstep, endptrick;
    if (i & 1) {
      j -= len;
      jstep = 1;
      endptrick = 0;
    } else {
      jstep = -1;
      endptrick = 1;
    }
    auto at = [&](int idx) { return idx < 0 ? idx + len : idx; };
    while (j != 0) {
      j += jstep;
      t = ch[at(j)];
      int p = ep[at(j - endptrick)] ^ endptrick;
      if (t >= n_) augment_blossom(t, endpoint(p));
      j += jstep;
      t = ch[at(j)];
      if (t >= n_) augment_blossom(t, endpoint(p ^ 1));
      mate_[endpoint(p)] = p ^ 1;
      mate_[endpoint(p ^ 1)] = p;
    }
    std::rotate(ch.begin(), ch.begin() + i, ch.end());
    std::rotate(ep.begin(), ep.begin() + i, ep.end());
    blossombase_[b] = blossombase_[ch[0]];
  }

  void augment_matching(int k) {
    int starts[2] = {e_[k].u, e_[k].v};
    int ps[2] = {2 * k + 1, 2 * k};
    for (int side = 0; side < 2; ++side) {
      int s = starts[side], p = ps[side];
      for (;;) {
        int bs = inblossom_[s];
        if (bs >= n_) augment_blossom(bs, s);
        mate_[s] = p;
        if (labelend_[bs] == -1) break;
        int t = endpoint(labelend_[bs]);
        int bt = inblossom_[t];
        s = endpoint(labelend_[bt]);
        int j = endpoint(labelend_[bt] ^ 1);
        if (bt >= n_) augment_blossom(bt, j);
        mate_[j] = labelend_[bt];
        p = labelend_[bt] ^ 1;
      }
    }
  }

  void run() {
    const int n = n_;
    for (int stage = 0; stage < n; ++stage) {
      std::fill(label_.begin(), label_.end(), 0);
      std::fill(bestedge_.begin(), bestedge_.end(), -1);
      for (int b = n; b < 2 * n; ++b) {
        bestedges_[b].clear();
        has_bestedges_[b] = false;
      }
      std::fill(allowedge_.begin(), allowedge_.end(), 0);
      queue_.clear();
      for (int v = 0; v < n; ++v)
        if (mate_[v] == -1 && label_[inblossom_[v]] == 0) assign_label(v, 1, -1);
      bool augmented = false;
      for (;;) {
        while (!queue_.empty() && !augmented) {
          int v = queue_.back();
          queue_.pop_back();
          for (int p : neighbend_[v]) {
            int k = p >> 1;
            int w = endpoint(p);
            if (inblossom_[v] == inblossom_[w]) continue;
            W kslack{};
            if (!allowedge_[k]) {
              kslack = slack(k);
              if (kslack.is_zero()) allowedge_[k] = 1;
            }
            if (allowedge_[k]) {
              if (label_[inblossom_[w]] == 0) {
                assign_label(w, 2, p ^ 1);
              } else if (label_[inblossom_[w]] == 1) {
                int base = scan_blossom(v, w);
                if (base >= 0) {
                  add_blossom(base, k);
                } else {
                  augment_matching(k);
                  augmented = true;
                  break;
                }
              } else if (label_[w] == 0) {
                label_[w] = 2;
                labelend_[w] = p ^ 1;
              }
            } else if (label_[inblossom_[w]] == 1) {
              int b = inblossom_[v];
              if (bestedge_[b] == -1 || kslack < slack(bestedge_[b])) bestedge_[b] = k;
            } else if (label_[w] == 0) {
              if (bestedge_[w] == -1 || kslack < slack(bestedge_[w])) bestedge_[w] = k;
            }
          }
        }
        if (augmented) break;
        // Dual update: the smallest of the four deltas.
        int deltatype = 1, deltaedge = -1, deltablossom = -1;
        W delta = dual_[0];
        for (int v = 1; v < n; ++v)
          if (dual_[v] < delta) delta = dual_[v];
        for (int v = 0; v < n; ++v) {
          if (label_[inblossom_[v]] == 0 && bestedge_[v] != -1) {
            W d = slack(bestedge_[v]);
            if (d < delta) {
              delta = d;
              deltatype = 2;
              deltaedge = bestedge_[v];
            }
          }
        }
        for (int b = 0; b < 2 * n; ++b) {
          if (blossomparent_[b] == -1 && label_[b] == 1 && bestedge_[b] != -1) {
            W d = slack(bestedge_[b]);
            d.shr1();
            if (d < delta) {
              delta = d;
              deltatype = 3;
              deltaedge = bestedge_[b];
            }
          }
        }
        for (int b = n; b < 2 * n; ++b) {
          if (blossombase_[b] >= 0 && blossomparent_[b] == -1 && label_[b] == 2 &&
              dual_[b] < delta) {
            delta = dual_[b];
            deltatype = 4;
            deltablossom = b;
          }
        }
        for (int v = 0; v < n; ++v) {
          int l = label_[inblossom_[v]];
          if (l == 1)
            dual_[v] -= delta;
          else if (l == 2)
            dual_[v] += delta;
        }
        for (int b = n; b < 2 * n; ++b) {
          if (blossombase_[b] >= 0 && blossomparent_[b] == -1) {
            if (label_[b] == 1)
              dual_[b] += delta;
            else if (label_[b] == 2)
              dual_[b] -= delta;
          }
        }
        if (deltatype == 1) {
          break;
        } else if (deltatype == 2) {
          allowedge_[deltaedge] = 1;
          int i = e_[deltaedge].u, j = e_[deltaedge].v;
          if (label_[inblossom_[i]] == 0) std::swap(i, j);
          queue_.push_back(i);
        } else if (deltatype == 3) {
          allowedge_[deltaedge] = 1;
          queue_.push_back(e_[deltaedge].u);
        } else {
          expand_blossom(deltablossom, false);
        }
      }
      if (!augmented) break;
      for (int b = n; b < 2 * n; ++b)
        if (blossomparent_[b] == -1 && blossombase_[b] >= 0 && label_[b] == 1 && dual_[b].is_zero())
          expand_blossom(b, true);
    }
  }
};

}  // namespace arbiter::pairing::matching
