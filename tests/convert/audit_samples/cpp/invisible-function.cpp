#include <cstdio>

bool isAdmin() { return false; }
bool is​Admin() { return true; }

int main() {
    if (is​Admin())
        printf("You are an admin.\n");
    return 0;
}
