// The listening socket of `cinc serve`: TCP on one address, non-blocking.
//
// Contract: Listen() binds `host` (an IPv4 or IPv6 address, or a name the
// resolver knows: the first address it gives) at `port` (0: any free port)
// and listens; the socket is non-blocking and closed on exec. On failure it
// returns a listener whose fd is -1 and says why in `error`. The listener
// closes its socket when it is destroyed.
#ifndef CINC_SERVE_LISTENER_H_
#define CINC_SERVE_LISTENER_H_

#include <string>

namespace cinc {

class Listener {
 public:
  Listener() = default;
  ~Listener();
  Listener(Listener&& other) noexcept;
  Listener& operator=(Listener&& other) noexcept;
  Listener(const Listener&) = delete;
  Listener& operator=(const Listener&) = delete;

  static Listener Listen(const std::string& host, int port, std::string* error);

  int fd() const { return fd_; }
  int port() const { return port_; }
  // `http://HOST:PORT/`, an IPv6 address in brackets.
  std::string Url() const;
  void Close();

 private:
  int fd_ = -1;
  int port_ = 0;
  std::string host_;
};

}  // namespace cinc

#endif  // CINC_SERVE_LISTENER_H_
