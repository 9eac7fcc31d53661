#include "core/synth/SynthFiles.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <stdexcept>
#include <sys/stat.h>
#include <unistd.h>

namespace rankscope {

namespace {

[[noreturn]] void throwSystemError(const char *what, const std::string &path, int error)
{
    throw std::runtime_error(std::string("cannot ") + what + " " + path + ": " +
                             std::strerror(error));
}

} // namespace

void makeDirectory(const std::string &path)
{
    if (::mkdir(path.c_str(), 0777) == 0)
        return;
    const int error = errno;
    using FileStatus = struct stat;
    FileStatus info{};
    if (error == EEXIST && ::stat(path.c_str(), &info) == 0 && S_ISDIR(info.st_mode))
        return;
    throwSystemError("create directory", path, error);
}

void writeWholeFile(const std::string &path, std::string_view content)
{
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (fd < 0)
        throwSystemError("create", path, errno);
    const char *data = content.data();
    std::size_t left = content.size();
    while (left > 0) {
        const ssize_t written = ::write(fd, data, left);
        if (written < 0) {
            if (errno == EINTR)
                continue;
            const int error = errno;
            ::close(fd);
            throwSystemError("write", path, error);
        }
        data += written;
        left -= static_cast<std::size_t>(written);
    }
    if (::close(fd) != 0)
        throwSystemError("close", path, errno);
}

} // namespace rankscope
